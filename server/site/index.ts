/**
 * The public site on the backend's origin (issue 9): every public page
 * rendered on the server with its data (the shared renderer, src/app/ssr/),
 * the feeds, sitemap, robots.txt and link-preview cards, the built files,
 * and the client-only shell of /auth and /admin. Every answer is kept,
 * compressed, until the content changes (document-cache.ts); a render is one
 * turn of its reader's at the database (render-turns.ts), and while it waits
 * for that turn the last good copy is served (issue 22). The newsletter's
 * forms posted without JavaScript, and RFC 8058's one-click unsubscribe, are
 * answered here too (newsletter-forms.ts; issue 25).
 */
import { Hono, type Context } from 'hono';
import { clientAddress } from '../client-address.ts';
import type { Database } from '../db/database.ts';
import { PoolTimeoutError } from '../db/postgres.ts';
import { restScheduler } from '../rest/scheduler.ts';
import { SECURITY_HEADERS } from '../static/security-headers.ts';
import { serveStaticFile } from '../static/index.ts';
import type { SiteRenderer } from '../../src/app/ssr/site-renderer.ts';
import { renderCardPng } from './card-png.ts';
import { readContentVersion, rememberedContentVersion } from './content-version.ts';
import { DocumentCache, type DocumentSource, type SiteDocument } from './document-cache.ts';
import { preferredEncoding } from './encoding.ts';
import type { RendererModule, SiteHost } from './site-host.ts';
import { isLocalRedirect } from './local-redirect.ts';
import { createNewsletterForms } from './newsletter-forms.ts';
import { RenderTurns } from './render-turns.ts';
import { targetOf } from './page-targets.ts';
import { siteUrlFor } from './site-url.ts';
import { parseTemplate, type Template } from './template.ts';

export interface SiteDeps {
  db: Database;
  anonKey: string;
  /** SITE_URL: the origin of absolute links; undefined = each request's own origin. */
  siteUrl: string | undefined;
  host: SiteHost;
  /** The backend's own API, in-process: the renderer reads through it with the anon key, as any visitor. */
  api: (request: Request) => Promise<Response>;
  /** As the API's: the header that names the client behind a trusted proxy (renders take turns by client). */
  trustedProxyHeader?: string;
}

/** API prefixes never become pages: a wrong API URL must be a 404, not HTML. */
const API_PREFIXES = ['/rest/', '/auth/', '/storage/', '/realtime/', '/functions/'];

const HTML = 'text/html; charset=utf-8';
/** Pages, feeds and the sitemap are checked on every use (ETag), so an edit shows at once. */
const REVALIDATE = 'no-cache';
/** Link-preview cards: their URLs carry a fingerprint of what they show (?v=…). */
const CARD_CACHE = 'public, max-age=3600';
/**
 * One reader's page (a review link's: issue 26). Kept by no cache, ours or
 * any on the way; out of search results whatever its markup; and its address,
 * which holds the secret, sent as Referer to nobody.
 */
const PRIVATE_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

function text(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra } });
}

/** If-None-Match against a weak ETag (weak comparison, RFC 9110 §13.1.2). */
function notModified(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

function send(c: Context, doc: SiteDocument, pageHeaders: Record<string, string>): Response {
  const headers: Record<string, string> = {
    'Content-Type': doc.contentType,
    'Cache-Control': doc.cacheControl,
    ETag: doc.etag,
    Vary: 'Accept-Encoding',
    ...(doc.contentType === HTML ? pageHeaders : { 'X-Content-Type-Options': 'nosniff' }),
  };
  if (doc.status === 200 && notModified(c, doc.etag)) return new Response(null, { status: 304, headers });
  const encoding = 'br' in doc.body ? preferredEncoding(c) : undefined;
  if (encoding) headers['Content-Encoding'] = encoding;
  const body = encoding && 'br' in doc.body ? doc.body[encoding] : doc.body.identity;
  return new Response(c.req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: doc.status, headers });
}

/**
 * A page that has moved (a post asked for by an address it had: issue 23).
 * Kept like any page, under the content version, since a slug may change
 * again; where it moved is checked once more here, as every Location the
 * site sends.
 */
function moved(c: Context, doc: SiteDocument, location: string): Response {
  if (!isLocalRedirect(location)) return text(400, 'Bad request');
  return new Response(c.req.method === 'HEAD' ? null : (doc.body.identity as Uint8Array<ArrayBuffer>), {
    status: doc.status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE, Location: withAttribution(location, c.req.url) },
  });
}

/** A mail's ?ref= / utm_* follows the post to its new address, so the reading statistics still name the newsletter (issue 27). */
function withAttribution(location: string, requestUrl: string): string {
  const kept = new URLSearchParams([...new URL(requestUrl).searchParams].filter(([name]) => name === 'ref' || name.startsWith('utm_')));
  return kept.size ? `${location}${location.includes('?') ? '&' : '?'}${kept}` : location;
}


export function createSiteRoutes(deps: SiteDeps): Hono {
  const app = new Hono();
  const { db } = deps;
  // A render is one turn in the API's line, by the reader's address (render-turns.ts):
  // on PGlite the whole connection, on PostgreSQL the reads it makes at most at once
  // (a post page's three after the post: settings, translation, corrections).
  const turns = new RenderTurns(restScheduler(db), db.kind === 'pglite' ? Infinity : 3);
  const cache = new DocumentCache(
    {
      async versionOutsideTurn() {
        if (!deps.host.cacheable) return undefined;
        // On PGlite a query waits behind whatever runs on its one connection: read in the turn.
        return rememberedContentVersion(db) ?? (db.kind === 'pglite' ? null : readContentVersion(db));
      },
      versionInTurn: () => readContentVersion(db),
      inTurn: (client, work) => turns.run(client, work),
    },
    {
      onLateError(key, e) {
        // The database stayed busy past the line's wait limit: the next request tries again.
        if (!(e instanceof PoolTimeoutError)) console.error(`site: rendering ${key} failed:`, e);
      },
    },
  );
  const pageHeaders = deps.host.contentSecurityPolicy
    ? { ...SECURITY_HEADERS, 'Content-Security-Policy': deps.host.contentSecurityPolicy }
    : SECURITY_HEADERS;
  const renderers = new WeakMap<RendererModule, SiteRenderer>();
  let parsed: { html: string; template: Template } | undefined;

  async function renderer(): Promise<SiteRenderer> {
    const module = await deps.host.renderer();
    let made = renderers.get(module);
    if (!made) {
      made = module.createSiteRenderer({
        db: { url: 'http://backend.internal', key: deps.anonKey, fetch: (input, init) => deps.api(turns.request(input, init)) },
        live: true,
      });
      renderers.set(module, made);
    }
    return made;
  }

  async function template(url: string): Promise<Template> {
    const html = await deps.host.template(url);
    if (parsed?.html !== html) parsed = { html, template: parseTemplate(html, deps.anonKey) };
    return parsed.template;
  }

  /** A document under its key, made afresh (in the reader's turn) when the content version moved since it was kept. */
  async function document(c: Context, key: string, make: (siteUrl: string) => Promise<DocumentSource | null>) {
    const siteUrl = siteUrlFor(deps.siteUrl, c.req.url);
    const doc = await cache.get(`${siteUrl} ${key}`, clientAddress(c, deps.trustedProxyHeader), () => make(siteUrl));
    if (!doc) return text(404, 'Not found');
    return doc.location !== undefined ? moved(c, doc, doc.location) : send(c, doc, pageHeaders);
  }

  app.onError((e, c) => {
    // No turn at the database within the line's wait limit (PGRST003), and no copy to fall back on.
    if (e instanceof PoolTimeoutError) return text(503, 'The site is busy. Please try again in a moment.', { 'Retry-After': '1' });
    console.error(`site: ${c.req.method} ${new URL(c.req.url).pathname} failed:`, e);
    return text(500, 'The page could not be shown. Please try again in a moment.');
  });

  // The newsletter's forms without JavaScript and the one-click unsubscribe
  // (issue 25): each call is a turn of the reader's, as a render is, so the
  // REST line and SQL's per-client limit see the reader, not this process.
  app.route(
    '/',
    createNewsletterForms({
      rpc: (client, fn, args) => {
        const headers = { apikey: deps.anonKey, Authorization: `Bearer ${deps.anonKey}`, 'Content-Type': 'application/json' };
        const body = JSON.stringify(args);
        return turns.run(client, () => deps.api(turns.request(`http://backend.internal/rest/v1/rpc/${fn}`, { method: 'POST', headers, body })));
      },
      trustedProxyHeader: deps.trustedProxyHeader,
    }),
  );

  app.get('/robots.txt', (c) =>
    document(c, 'robots', async (siteUrl) => ({
      status: 200, contentType: 'text/plain; charset=utf-8', cacheControl: REVALIDATE,
      body: (await renderer()).robots(siteUrl), compress: true, keep: true,
    })),
  );

  app.get('/sitemap.xml', (c) =>
    document(c, 'sitemap', async (siteUrl) => ({
      status: 200, contentType: 'application/xml; charset=utf-8', cacheControl: REVALIDATE,
      body: await (await renderer()).sitemap(siteUrl), compress: true, keep: true,
    })),
  );

  app.get('/:language{pt|en}/rss.xml', (c) => {
    const language = c.req.param('language') as 'pt' | 'en';
    return document(c, `feed ${language}`, async (siteUrl) => ({
      status: 200, contentType: 'application/rss+xml; charset=utf-8', cacheControl: REVALIDATE,
      body: await (await renderer()).feed(language, siteUrl), compress: true, keep: true,
    }));
  });

  // Her published work's feeds (issue 43), before the pages: /pt/publicacoes/rss.xml is no copy's address (a slug holds no dot).
  app.get('/:list{pt/publicacoes|en/published-work}/rss.xml', (c) => {
    const language = c.req.param('list').slice(0, 2) as 'pt' | 'en';
    return document(c, `clips feed ${language}`, async (siteUrl) => ({
      status: 200, contentType: 'application/rss+xml; charset=utf-8', cacheControl: REVALIDATE,
      body: await (await renderer()).clipsFeed(language, siteUrl), compress: true, keep: true,
    }));
  });

  app.get('/og/:file{(?:pt|en)\\.png}', (c) => {
    const language = c.req.param('file').slice(0, 2) as 'pt' | 'en';
    return document(c, `card home ${language}`, async () => {
      const card = await (await renderer()).shareCard({ kind: 'home', language });
      const png = card && (await renderCardPng(card));
      return png && { status: 200, contentType: 'image/png', cacheControl: CARD_CACHE, body: png, compress: false, keep: true };
    });
  });

  app.get('/og/post/:file{[^/]+\\.png}', (c) => {
    const id = c.req.param('file').slice(0, -'.png'.length);
    return document(c, `card post ${id}`, async () => {
      const card = await (await renderer()).shareCard({ kind: 'post', id });
      const png = card && (await renderCardPng(card));
      return png && { status: 200, contentType: 'image/png', cacheControl: CARD_CACHE, body: png, compress: false, keep: true };
    });
  });

  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(url.pathname);
    } catch {
      return text(400, 'Bad request');
    }
    if (API_PREFIXES.some((p) => urlPath.startsWith(p))) return text(404, 'Not found');
    if (deps.host.staticDir) {
      const file = await serveStaticFile(c, deps.host.staticDir, urlPath);
      if (file) return file;
    }
    // A missing hashed file is a plain 404: a browser must never parse a page as a script.
    if (urlPath.startsWith('/assets/')) return text(404, 'Not found');

    const site = await renderer();
    const target = targetOf(site, url.pathname + url.search);
    if (target.kind === 'redirect') {
      if (!isLocalRedirect(target.location)) return text(400, 'Bad request');
      // An address that carries a secret (a review link, a mail's token) on to its one form: kept by no cache, as its page.
      if (new URL(target.location, 'http://site.invalid').searchParams.has('token')) {
        return new Response(null, { status: target.status, headers: { ...SECURITY_HEADERS, ...PRIVATE_PAGE_HEADERS, Location: target.location } });
      }
      return c.redirect(target.location, target.status);
    }
    if (target.kind === 'private') {
      // In the reader's turn like any render, but outside the document cache:
      // nothing of it is kept, nor shared with another request.
      const siteUrl = siteUrlFor(deps.siteUrl, c.req.url);
      const page = await turns.run(clientAddress(c, deps.trustedProxyHeader), () => site.render(target.path, siteUrl));
      const body = (await template(c.req.url)).fill(page);
      return new Response(c.req.method === 'HEAD' ? null : body, {
        status: page.status,
        headers: { ...pageHeaders, 'Content-Type': HTML, ...PRIVATE_PAGE_HEADERS },
      });
    }
    if (target.kind === 'client') {
      return new Response(c.req.method === 'HEAD' ? null : (await template(c.req.url)).shell, {
        headers: { ...pageHeaders, 'Content-Type': HTML, 'Cache-Control': REVALIDATE },
      });
    }
    return document(c, `page ${target.key}`, async (siteUrl) => {
      const page = await site.render(target.path, siteUrl);
      if (page.location !== undefined) {
        return {
          status: page.status, contentType: 'text/plain; charset=utf-8', cacheControl: REVALIDATE,
          body: `Moved permanently to ${page.location}\n`, compress: false, keep: page.complete, location: page.location,
        };
      }
      return {
        status: page.status, contentType: HTML, cacheControl: REVALIDATE,
        body: (await template(c.req.url)).fill(page), compress: true, keep: page.complete && !page.private,
      };
    });
  });

  return app;
}
