/**
 * The server's one way to fetch an address someone else chose (an archive's
 * picture, an article of hers, an outlet's feed, the fediverse): only public
 * addresses (`public-address.ts`), judged on the address the socket connects
 * to, not on a lookup made beforehand, so a name that answers a public
 * address to a check and a private one to the connection (DNS rebinding)
 * reaches nothing. Each redirect goes through the same connector; the whole
 * exchange has a deadline and the body a size limit, counted while it
 * streams (decision 270). Grown for published work (decision 290): hosts
 * exempted by OUTBOUND_ALLOW_HOSTS (`allowHosts`), the content types a
 * caller takes (`accept`), an honest User-Agent, and a host that answered
 * 429/503 left alone until it said (`busy-hosts.ts`). Every refusal is a
 * PublicFetchError with a Portuguese message and a `code`.
 *
 * API: createPublicFetch(options) → fetch-like function (GET/HEAD, POST when told) with
 * close(); the Response it returns has a counted body. That is all.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { hostKey } from './allow-hosts.ts';
import { BusyHosts } from './busy-hosts.ts';
import { PublicFetchError, sizeText } from './errors.ts';
import { whyNotPublic } from './public-address.ts';

export { PublicFetchError } from './errors.ts';
export { parseOutboundAllowHosts } from './allow-hosts.ts';

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
  /** host:port entries exempt from the public-address rule (parseOutboundAllowHosts(OUTBOUND_ALLOW_HOSTS)). */
  allowHosts?: readonly string[];
  /** Media types taken ('text/html', 'image/*'); another answer is refused unread. Default: any. */
  accept?: readonly string[];
  /** Sent with every request unless the caller sets its own. */
  userAgent?: string;
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

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

function stripBrackets(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}

function accepted(contentType: string | null, accept: readonly string[]): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type) return false;
  return accept.some((a) => (a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a));
}

export function createPublicFetch(options: PublicFetchOptions): PublicFetch {
  const { timeoutMs, maxBytes, connectTimeoutMs = 5_000, maxRedirects = 5, resolver = systemResolver, allow = [], allowHosts = [], methods = ['GET', 'HEAD'] } = options;
  const busy = new BusyHosts();

  const refusal = (hostname: string, address: string): PublicFetchError | null => {
    if (allow.includes(address)) return null;
    const why = whyNotPublic(address);
    if (why === null) return null;
    const reason = hostname === address ? why : `${address}: ${why}`;
    return new PublicFetchError('not_public', `Endereço recusado: ${hostname} aponta para uma rede privada ou reservada (${reason}).`);
  };

  const lookupWith = (check: boolean) => ((hostname: string, lookupOptions: { family?: number; all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolver(hostname).then(
      (answers) => {
        if (!answers.length) return callback(new PublicFetchError('not_found', `O endereço ${hostname} não foi encontrado (sem endereço IP).`));
        // Every answer, not only the one tried first: the socket falls back to the others.
        if (check) {
          for (const { address } of answers) {
            const refused = refusal(hostname, address);
            if (refused) return callback(refused);
          }
        }
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = family ? answers.filter((a) => a.family === family) : answers;
        if (!usable.length) return callback(new PublicFetchError('not_found', `O endereço ${hostname} não tem endereço IPv${family}.`));
        if (lookupOptions.all) return callback(null, usable.map(({ address, family }) => ({ address, family })));
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(new PublicFetchError('not_found', `O endereço ${hostname} não foi encontrado (${error.code ?? error.message}).`)),
    );
  }) as unknown as LookupFunction;

  // Node's socket asks checkedLookup for the addresses it connects to: what it is given is what it reaches.
  const connectChecked = buildConnector({ timeout: connectTimeoutMs, lookup: lookupWith(true) });
  const connectAllowed = buildConnector({ timeout: connectTimeoutMs, lookup: lookupWith(false) });
  const agent = new Agent({
    connect: (connectOptions, callback) => {
      const host = stripBrackets(connectOptions.hostname);
      // The exemption is decided here, on the connection made, by host and port: OUTBOUND_ALLOW_HOSTS only.
      if (allowHosts.includes(hostKey(host, connectOptions.port, connectOptions.protocol))) return connectAllowed(connectOptions, callback);
      // A literal address is never looked up, so the socket would not ask checkedLookup about it.
      const refused = isIP(host) ? refusal(host, host) : null;
      if (refused) return callback(refused, null);
      connectChecked(connectOptions, callback);
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const fetchOnce = async (url: URL, init: { method: string; headers: [string, string][]; body?: string | Uint8Array | null }, signal: AbortSignal) => {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new PublicFetchError('not_web', `Endereço recusado: só endereços http:// e https:// são buscados (não ${url.protocol}).`);
    }
    busy.check(url.host);
    try {
      return await undiciFetch(url, { method: init.method, headers: init.headers, body: init.body, signal, redirect: 'manual', dispatcher: agent });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof PublicFetchError) throw cause;
      const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (cause as Error | undefined)?.message ?? String(error);
      throw new PublicFetchError('unreachable', `Não foi possível conectar a ${url.host} (${code}).`, { cause: error });
    }
  };

  const publicFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? input : null;
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    if (!(methods as readonly string[]).includes(method)) throw new PublicFetchError('method', `Só ${methods.join(' e ')} são enviados (não ${method}).`);
    if (request?.body) throw new PublicFetchError('method', 'Um Request com corpo não é enviado: passe o corpo em init.');
    let url: URL;
    try {
      url = new URL(request ? request.url : String(input));
    } catch {
      throw new PublicFetchError('not_web', 'Endereço inválido: escreva o endereço completo, com http:// ou https://.');
    }
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new PublicFetchError('timeout', `A página não respondeu em ${timeoutMs / 1000} s (${url.host}).`)), timeoutMs);
    // The open request keeps the process alive, not this timer: a body left unread must not hold the command line.
    timer.unref();
    const signals = [deadline.signal, init.signal, request?.signal].filter((s): s is AbortSignal => !!s);
    const signal = AbortSignal.any(signals);
    // As plain pairs: undici's own Headers type is not the platform's.
    const headers = new Headers(init.headers ?? request?.headers);
    if (options.userAgent && !headers.has('user-agent')) headers.set('user-agent', options.userAgent);
    if (options.accept && !headers.has('accept')) headers.set('accept', options.accept.join(', '));
    try {
      for (let hop = 0; ; hop++) {
        const body = init.body as string | Uint8Array | null | undefined;
        const response = await fetchOnce(url, { method, headers: [...headers], body }, signal);
        const location = response.headers.get('location');
        if (method !== 'POST' && response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          if (hop >= maxRedirects) throw new PublicFetchError('redirects', `Redirecionamentos demais (mais de ${maxRedirects}).`);
          url = new URL(location, url);
          continue;
        }
        if (response.status === 429 || response.status === 503) {
          await response.body?.cancel();
          throw busy.mark(url.host, response.status, response.headers.get('retry-after'));
        }
        if (options.accept && response.ok && !accepted(response.headers.get('content-type'), options.accept)) {
          await response.body?.cancel();
          const type = response.headers.get('content-type')?.split(';')[0] || 'sem tipo';
          throw new PublicFetchError('type', `Tipo de conteúdo recusado: ${type} (só páginas HTML, PDF ou imagens).`);
        }
        const final = limitBody(response, maxBytes, signal, () => clearTimeout(timer));
        Object.defineProperty(final, 'url', { value: url.href });
        return final;
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
  const tooLarge = () => new PublicFetchError('too_large', `A resposta passa de ${sizeText(maxBytes)}: nada foi guardado.`);
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
