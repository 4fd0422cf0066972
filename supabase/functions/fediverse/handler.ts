/**
 * Her fediverse accounts for a site on a static host (issue 45, decision
 * 310): a static host cannot answer WebFinger or an inbox, so on hosted
 * Supabase the host rewrites `/.well-known/webfinger`, `/.well-known/nodeinfo`,
 * `/nodeinfo/*` and `/ap/*` to this Edge Function, which answers them exactly
 * as the local backend does: the same federation (server/fediverse/federation.ts)
 * and routes (routes.ts) over the project's database.
 *
 * Every request is taken as made to SITE_URL: the function's own address
 * (`…/functions/v1/fediverse/ap/inbox`, or `/fediverse/ap/inbox` as the Edge
 * Runtime passes it) becomes `SITE_URL/ap/inbox`. That is what the sender
 * signed (`(request-target)` and `host` are checked against the request's
 * URL), and the origin every id is written with.
 *
 * Request/Response only, so the same code runs in Deno (index.ts) and in this
 * repository's tests (tests/integration/fediverse-edge-function.test.ts).
 */
import type { Database } from '../../../server/db/database.ts';
import { createSiteFederation } from '../../../server/fediverse/federation.ts';
import { DatabaseMessageQueue } from '../../../server/fediverse/inbox-queue.ts';
import { createFediverseRoutes } from '../../../server/fediverse/routes.ts';
import type { PublicFetch } from '../../../server/outbound/public-fetch.ts';

export interface FediverseFunctionEnv {
  /** The project's database (SUPABASE_DB_URL), as its owner: the keys and the queue are in `private`. */
  db: Database;
  /** The outbound fetch for remote actors and keys (public addresses, or OUTBOUND_ALLOW_HOSTS). */
  publicFetch: PublicFetch;
  /** OUTBOUND_ALLOW_HOSTS: the only hosts whose actors and keys may come over plain http. */
  allowHosts?: readonly string[];
  /** SITE_URL: the site's origin, which the static host serves and rewrites here. */
  siteUrl: string;
  /** Inbox requests per minute from one host (default 300), per running instance of the function. */
  inboxPerMinute?: number;
  /**
   * Starts work that goes on after the answer: index.ts gives it to the Edge
   * Runtime's EdgeRuntime.waitUntil. By default it runs, unawaited.
   */
  background?: (work: () => Promise<unknown>) => void;
}

/** What the static host sends here; anything else is not the function's. */
const SERVED = /^\/(?:\.well-known\/(?:webfinger|nodeinfo)$|nodeinfo\/|ap\/|(?:pt|en)\/[^/]+$)/;
/** The function's own prefix, as the Edge Runtime passes it (`/fediverse/…`) or as called directly. */
const PREFIX = /^(?:\/functions\/v1)?\/fediverse(?=\/|$)/;

export function createFediverseHandler(env: FediverseFunctionEnv): (request: Request) => Promise<Response> {
  const site = new URL(env.siteUrl);
  const inboxQueue = new DatabaseMessageQueue(env.db);
  const federation = createSiteFederation({
    db: env.db, publicFetch: env.publicFetch, origin: site.origin, inboxQueue, plainHttp: { allowHosts: env.allowHosts },
  });
  // The inbox answers once the activity is kept; its listeners run after the answer, here, and
  // npm run fediverse-worker takes whatever an instance stopped before handling.
  // One pass at a time per instance, going on until nothing is due; a 202 during a pass asks for one more after it.
  let pass: Promise<void> | undefined;
  let again = false;
  const onePass = async () => {
    do {
      again = false;
      try {
        await inboxQueue.runDue((message) => federation.processQueuedTask(undefined, message as never));
      } catch (e) {
        console.error(`fediverse: handling the inbox failed: ${(e as Error).message}`);
      }
    } while (again);
  };
  const handleKept = () => {
    if (pass) {
      again = true;
      return pass;
    }
    return (pass = onePass().finally(() => (pass = undefined)));
  };
  const background = env.background ?? ((work) => void work());
  // Behind the platform's proxy the client's address is the first of X-Forwarded-For (used only for unsigned requests).
  const routes = createFediverseRoutes({ db: env.db, federation, inboxQueue, inboxPerMinute: env.inboxPerMinute, trustedProxyHeader: 'x-forwarded-for' });

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(PREFIX, '') || '/';
    if (!SERVED.test(path)) {
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    const headers = new Headers(request.headers);
    // The site's host, as the sender signed it (a proxy may have sent the function's own).
    headers.set('host', site.host);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : request.body;
    const asSite = new Request(new URL(path + url.search, site), {
      method: request.method, headers, body, signal: request.signal, ...(body ? { duplex: 'half' } : {}),
    } as RequestInit);
    const response = await routes.fetch(asSite);
    if (request.method === 'POST' && response.status === 202) background(handleKept);
    return response;
  };
}
