/**
 * The federation on the site's origin: WebFinger, NodeInfo and /ap/* go to
 * Fedify; a post's permalink answers an ActivityPub client with its Article
 * (Vary: Accept), so pasting the address into Mastodon's search finds it; a
 * withdrawn post answers 410 with a Tombstone. Before Fedify sees an inbox
 * request: at most 1 MB, JSON, and its host (as claimed, from that client address) within its share of requests.
 */
import type { Federation } from '@fedify/fedify';
import { Hono, type Context, type Next } from 'hono';
import { clientAddress } from '../client-address.ts';
import type { Database } from '../db/database.ts';
import { isFediverseLanguage } from './accounts.ts';
import { POST_COLUMNS, postArticle, postTombstone, wasWithdrawn, type PostRow } from './article.ts';
import type { DatabaseMessageQueue } from './inbox-queue.ts';
import { avatarCopyPath } from './paths.ts';
import { inboxThrottle, inboxThrottleKey, signingHost } from './throttle.ts';

export const MAX_ACTIVITY_BYTES = 1024 * 1024;
const AP_JSON = 'application/activity+json';

export interface FediverseRoutesOptions {
  db: Database;
  federation: Federation<void>;
  /** Inbox requests per minute taken from one host (default 300). */
  inboxPerMinute?: number;
  trustedProxyHeader?: string;
  /** Where verified activities wait (inbox-queue.ts): a server with too many waiting is told to come back later. */
  inboxQueue?: Pick<DatabaseMessageQueue, 'senderIsFull'>;
}

/** Whether the client asks for ActivityPub rather than a page (as Mastodon and Fedify send it). */
export function wantsActivityPub(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  const ap = types.findIndex((t) => t === AP_JSON || (t === 'application/ld+json' && accept.includes('activitystreams')));
  const html = types.findIndex((t) => t === 'text/html');
  return ap !== -1 && (html === -1 || ap < html);
}

function error(status: number, message: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: message }), { status, headers: { 'Content-Type': 'application/json', ...extra } });
}

async function activityJson(body: unknown, status = 200): Promise<Response> {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': `${AP_JSON}; charset=utf-8`, Vary: 'Accept', 'Access-Control-Allow-Origin': '*' },
  });
}

/** The body, counted as it arrives: null once it passes the limit. */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export function createFediverseRoutes(options: FediverseRoutesOptions): Hono {
  const { db, federation } = options;
  const throttle = inboxThrottle(options.inboxPerMinute ?? 300);
  const app = new Hono();

  const toFedify = (request: Request, c: Context) =>
    federation.fetch(request, {
      contextData: undefined,
      onNotFound: () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
      // A browser at an actor's address is shown that language's home.
      onNotAcceptable: () => {
        const language = /^\/ap\/users\/(pt|en)$/.exec(new URL(c.req.url).pathname)?.[1];
        return language ? c.redirect(`/${language}`, 302) : new Response('Not acceptable', { status: 406, headers: { Vary: 'Accept' } });
      },
    });

  const inbox = async (c: Context) => {
    const request = c.req.raw;
    const client = clientAddress(c, options.trustedProxyHeader);
    const host = signingHost(request.headers) ?? client;
    // The keyId is not verified yet: keyed with the address it came from, a flood that claims
    // another server's keyId spends only its own share, never that server's.
    const wait = throttle.take(inboxThrottleKey(host, client));
    if (wait) return error(429, 'too many requests from this server', { 'Retry-After': String(wait) });
    // Its activities are not handled as fast as it sends them: it waits, and the database does not fill.
    if (options.inboxQueue && (await options.inboxQueue.senderIsFull(host))) {
      return error(429, 'too many activities from this server waiting to be handled', { 'Retry-After': '60' });
    }
    const body = await readLimited(request, MAX_ACTIVITY_BYTES);
    if (!body) return error(400, 'activity larger than 1 MB');
    try {
      const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    } catch {
      return error(400, 'not a JSON activity');
    }
    return toFedify(new Request(request.url, { method: 'POST', headers: request.headers, body }), c);
  };
  app.post('/ap/inbox', inbox);
  app.post('/ap/users/:identifier/inbox', inbox);

  app.get('/ap/posts/:id', async (c, next: Next) => {
    if (await wasWithdrawn(db, c.req.param('id'))) {
      return activityJson(await postTombstone(c.req.param('id'), new URL(c.req.url).origin).toJsonLd({ format: 'compact' }), 410);
    }
    return next();
  });
  // A replier's picture, as the site keeps it (avatar-copies.ts): readers never load it from the replier's server.
  app.on(['GET', 'HEAD'], '/ap/avatars/:file', async (c) => {
    const key = /^([0-9a-f]{64})\.webp$/.exec(c.req.param('file'))?.[1];
    // Only while an approved reply shows it: a rejected or deleted reply's picture is not the site's to serve.
    const r = key
      ? await db.query<{ bytes: Uint8Array }>(
          `select a.bytes from private.fediverse_avatars a
            where a.key = $1 and a.bytes is not null
              and exists (select 1 from public.fediverse_replies r where r.avatar_url = $2 and r.state = 'approved')`,
          [key, avatarCopyPath(key)])
      : undefined;
    const bytes = r?.rows[0]?.bytes;
    if (!bytes) return error(404, 'not found');
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'image/webp',
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  });
  app.on(['GET', 'HEAD', 'POST'], ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/*', '/ap/*'], (c) => toFedify(c.req.raw, c));

  // A post's permalink, for an ActivityPub client: its Article (or 410 Tombstone); a browser goes on to the page.
  app.get('/:language/:slug', async (c, next: Next) => {
    const language = c.req.param('language');
    if (!isFediverseLanguage(language) || !wantsActivityPub(c.req.header('accept'))) {
      await next();
      if (isFediverseLanguage(language)) c.res.headers.set('Vary', [c.res.headers.get('Vary'), 'Accept'].filter(Boolean).join(', '));
      return;
    }
    const origin = new URL(c.req.url).origin;
    const r = await db.query<PostRow & { public: boolean }>(
      `select ${POST_COLUMNS}, (p.published and p.date <= public.site_now()) as public
         from public.blog_posts p where p.language = $1 and p.slug = $2`,
      [language, decodeURIComponent(c.req.param('slug'))],
    );
    const post = r.rows[0];
    if (post?.public) return activityJson(await postArticle(post, origin).toJsonLd({ format: 'compact' }));
    if (post && (await wasWithdrawn(db, post.id))) return activityJson(await postTombstone(post.id, origin).toJsonLd({ format: 'compact' }), 410);
    return error(404, 'not found', { Vary: 'Accept' });
  });
  return app;
}
