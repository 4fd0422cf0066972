/**
 * The server's one way to fetch an address someone else chose (an archive's
 * picture today): only public addresses (`public-address.ts`), judged on the
 * address the socket connects to, not on a lookup made beforehand, so a name
 * that answers a public address to a check and a private one to the
 * connection (DNS rebinding) reaches nothing. Each redirect goes through the
 * same connector; the whole exchange has a deadline and the body a size
 * limit, counted while it streams (decision 270).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { whyNotPublic } from './public-address.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a name has; tests hand in their own to play DNS. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface PublicFetchOptions {
  /** For the whole exchange: connecting, every redirect, the headers and the last byte of the body. */
  timeoutMs: number;
  connectTimeoutMs?: number;
  maxBytes: number;
  maxRedirects?: number;
  resolver?: Resolver;
  /**
   * Tests only: exact addresses taken as public, so a server on 127.0.0.1
   * can play a public site. Nothing in the configuration or the environment
   * reaches it; production code never passes it.
   */
  allow?: readonly string[];
  /**
   * The methods it may send: GET and HEAD unless told. The fediverse
   * delivery adds POST (its body a string or bytes); a POST's redirect is
   * returned as is, never followed (a redirected delivery is a failed one).
   */
  methods?: readonly ('GET' | 'HEAD' | 'POST')[];
}

export type PublicFetch = ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) & {
  /** Closes the kept-alive connections. */
  close(): Promise<void>;
};

/** A refusal or failure worded for the person who gave the address. */
export class PublicFetchError extends Error {
  override name = 'PublicFetchError';
}

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

function sizeText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${bytes} bytes`;
}

function stripBrackets(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}

export function createPublicFetch(options: PublicFetchOptions): PublicFetch {
  const { timeoutMs, maxBytes, connectTimeoutMs = 5_000, maxRedirects = 5, resolver = systemResolver, allow = [], methods = ['GET', 'HEAD'] } = options;

  const refusal = (hostname: string, address: string): PublicFetchError | null => {
    if (allow.includes(address)) return null;
    const why = whyNotPublic(address);
    if (why === null) return null;
    const reason = hostname === address ? why : `${address}: ${why}`;
    return new PublicFetchError(`${hostname} is not a public address (${reason})`);
  };

  // Node's socket asks this for the addresses it connects to: what it is given is what it reaches.
  const checkedLookup = ((hostname: string, lookupOptions: { family?: number; all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolver(hostname).then(
      (answers) => {
        if (!answers.length) return callback(new PublicFetchError(`${hostname} has no address`));
        // Every answer, not only the one tried first: the socket falls back to the others.
        for (const { address } of answers) {
          const refused = refusal(hostname, address);
          if (refused) return callback(refused);
        }
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = family ? answers.filter((a) => a.family === family) : answers;
        if (!usable.length) return callback(new PublicFetchError(`${hostname} has no IPv${family} address`));
        if (lookupOptions.all) return callback(null, usable.map(({ address, family }) => ({ address, family })));
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(new PublicFetchError(`${hostname} could not be found (${error.code ?? error.message})`)),
    );
  }) as unknown as LookupFunction;

  const connect = buildConnector({ timeout: connectTimeoutMs, lookup: checkedLookup });
  const agent = new Agent({
    // A literal address is never looked up, so the socket would not ask checkedLookup about it.
    connect: (connectOptions, callback) => {
      const host = stripBrackets(connectOptions.hostname);
      const refused = isIP(host) ? refusal(host, host) : null;
      if (refused) return callback(refused, null);
      connect(connectOptions, callback);
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const fetchOnce = async (url: URL, init: RequestInit, signal: AbortSignal) => {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PublicFetchError(`not a web address (${url.protocol})`);
    try {
      // As plain pairs: undici's own Headers type is not the platform's.
      const headers = init.headers ? [...new Headers(init.headers)] : undefined;
      const body = init.body as string | Uint8Array | null | undefined;
      return await undiciFetch(url, { method: init.method, headers, body, signal, redirect: 'manual', dispatcher: agent });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof PublicFetchError) throw cause;
      const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (cause as Error | undefined)?.message ?? String(error);
      throw new PublicFetchError(`${url.host} could not be reached (${code})`, { cause: error });
    }
  };

  const publicFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? input : null;
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    if (!(methods as readonly string[]).includes(method)) throw new PublicFetchError(`only ${methods.join(' and ')} are sent (not ${method})`);
    if (request?.body) throw new PublicFetchError('a Request with a body is not sent: pass the body in init');
    let url = new URL(request ? request.url : String(input));
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new PublicFetchError(`${url.host} did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
    // The open request keeps the process alive, not this timer: a body left unread must not hold the command line.
    timer.unref();
    const signals = [deadline.signal, init.signal, request?.signal].filter((s): s is AbortSignal => !!s);
    const signal = AbortSignal.any(signals);
    const headers = init.headers ?? request?.headers;
    try {
      for (let hop = 0; ; hop++) {
        const response = await fetchOnce(url, { method, headers, body: init.body }, signal);
        const location = response.headers.get('location');
        if (method !== 'POST' && response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          if (hop >= maxRedirects) throw new PublicFetchError(`too many redirects (more than ${maxRedirects})`);
          url = new URL(location, url);
          continue;
        }
        return limitBody(response, maxBytes, signal, () => clearTimeout(timer));
      }
    } catch (error) {
      clearTimeout(timer);
      throw error;
    }
  };

  return Object.assign(publicFetch, { close: () => agent.close() });
}

/** The response with its body counted as it streams: past `maxBytes` reading it fails. */
function limitBody(response: Awaited<ReturnType<typeof undiciFetch>>, maxBytes: number, signal: AbortSignal, done: () => void): Response {
  const tooLarge = () => new PublicFetchError(`larger than ${sizeText(maxBytes)}`);
  const init = { status: response.status, statusText: response.statusText, headers: new Headers([...response.headers]) };
  if (!response.body) {
    done();
    return new Response(null, init);
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    done();
    void response.body.cancel();
    throw tooLarge();
  }
  let received = 0;
  const body = response.body as unknown as ReadableStream<Uint8Array>;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) {
          done();
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(chunk);
      },
      flush: done,
    }),
    { signal },
  );
  return new Response(counted, init);
}
