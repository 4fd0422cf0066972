/**
 * A reader's view beacon taken from Node's request before the app sees it
 * (issue 42, decision 280, fourth round). A shared post brings one beacon
 * per reader; through the app each one built a fetch Request, a web stream
 * for its 60-byte body, went through the router, CORS, the body limit and
 * the REST preparation, to be answered 204 from memory. The event loop's
 * profile under 300 beacons a second put that at ~0.6 ms a beacon, more than
 * the post page it counts, and the readers' pages paid for it.
 *
 * Only the common case is taken here, and it is answered exactly as the app
 * answers it (same status and headers: beacon-path.test.ts compares both):
 * POST /rest/v1/rpc/record_view, no query, the anon key itself as the
 * caller (verified and kept already by the REST routes), a Host and an
 * Accept the app takes as they are, no Prefer, no other schema,
 * a body of at most MAX_BODY bytes that the view buffer accepts. Anything
 * else, including a beacon the buffer does not take, goes on to the app with
 * its body (Node's `rawBody`, which @hono/node-server reads as the body),
 * so its answer and errors are the REST routes' own.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeClientAddress } from '../client-address.ts';
import { CORS_ANSWER_HEADERS } from '../cors.ts';
import { knownCaller } from '../rest/authenticate.ts';
import { headersForSql } from '../rest/headers-for-sql.ts';
import { wantsSingleObject } from '../rest/request-options.ts';
import { EXPOSED_SCHEMA } from '../rest/schema-cache.ts';
import type { ViewBuffer } from './view-buffer.ts';

const PATH = '/rest/v1/rpc/record_view';
/** A beacon's body is `{"page":…,"referrer":…}`, under 300 bytes; a larger one is the app's to judge. */
const MAX_BODY = 4096;
/** The Host values @hono/node-server takes as they are (its reValidHost); others it parses or refuses. */
const VALID_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** And the loopback names on any port (a server on port 0 may get one above 59999), which its parsing takes unchanged. */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost):(\d{1,5})$/;

function hostTaken(host: string | undefined): boolean {
  if (host === undefined) return false;
  if (VALID_HOST.test(host)) return true;
  const port = LOOPBACK_HOST.exec(host)?.[1];
  return port !== undefined && Number(port) <= 65535;
}

/** The answer's headers, as the REST routes, CORS and compression make them for a 204. */
const answerHeaders = (profile: string | undefined): Record<string, string> => ({
  ...CORS_ANSWER_HEADERS,
  ...(profile ? { 'Content-Profile': profile } : {}),
  Vary: 'Accept-Encoding',
});
const ANSWER = answerHeaders(undefined);
const ANSWER_WITH_PROFILE = answerHeaders(EXPOSED_SCHEMA);

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface BeaconPathOptions {
  views: ViewBuffer;
  /** The only token this path takes: the site's pages send it. */
  anonKey: string;
  jwtSecret: string;
  trustedProxyHeader?: string;
}

/** Whether the request's headers make it a beacon this path may take: the anon key as the caller, nothing that changes the answer. */
function takeable(req: IncomingMessage, options: BeaconPathOptions): boolean {
  if (req.method !== 'POST' || req.url !== PATH) return false;
  const h = req.headers;
  if (h.prefer !== undefined || h['transfer-encoding'] !== undefined || h['set-cookie'] !== undefined) return false;
  if (h['content-profile'] !== undefined && h['content-profile'] !== EXPOSED_SCHEMA) return false;
  const length = Number(h['content-length']);
  if (!Number.isInteger(length) || length <= 0 || length > MAX_BODY) return false;
  // The anon key itself, as the site's pages send it; any other token is the
  // app's to verify (here it would be verified twice, a bad one each time).
  const token = h.authorization === undefined ? h.apikey : h.authorization === `Bearer ${options.anonKey}` ? options.anonKey : undefined;
  if (token !== options.anonKey) return false;
  // A host the app would refuse (400), or take only through URL parsing, is the app's to judge.
  if (!hostTaken(h.host)) return false;
  // An Accept the app refuses (406) likewise.
  try {
    wantsSingleObject(h.accept);
  } catch {
    return false;
  }
  // Verified already (the app verifies it on the first beacon after a start, and keeps it), still valid, the anon role.
  return knownCaller(options.anonKey, options.jwtSecret)?.role === 'anon';
}

/**
 * A request listener that answers the beacons it can take and hands every
 * other request to `app` (the app's own listener) untouched.
 */
export function beaconPath(options: BeaconPathOptions, app: Listener): Listener {
  return (req, res) => {
    if (!takeable(req, options)) return app(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      let kept = false;
      try {
        kept = offer(req, body, options);
      } catch (e) {
        // Nothing here should throw; if it does, the app answers the beacon rather than the process dying.
        console.error('stats: a beacon could not be taken before the app:', e);
      }
      if (!kept) {
        // The app reads this as the request's body (@hono/node-server: rawBody).
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
        return app(req, res);
      }
      res.writeHead(204, req.headers['content-profile'] ? ANSWER_WITH_PROFILE : ANSWER);
      res.end();
    });
  };
}

/** Offers the view to the buffer: true when it was kept (answer 204), false for the app to answer. */
function offer(req: IncomingMessage, body: Buffer, options: BeaconPathOptions): boolean {
  let args: unknown;
  try {
    args = JSON.parse(body.toString('utf8'));
  } catch {
    return false;
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false;
  const headers = headersForSql(req.headers as Record<string, string>, nodeClientAddress(req, options.trustedProxyHeader));
  // 'full' (the database has taken no views for minutes) is the app's 503 to give.
  return options.views.offer(args as Record<string, unknown>, headers) === true;
}
