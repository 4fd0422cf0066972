/**
 * A reader's page while another client floods the REST API with runaway
 * statements (issue 22, finding 6), on the embedded database in its thread
 * (a data directory: the watchdog ends a statement at its role's limit).
 * The flood comes from one loopback address, the pages from others, over
 * real sockets, so the server tells the clients apart as it does in
 * production. The renderer is a stand-in that reads as the real one does:
 * through the backend's own REST API in-process, with the anon key, two
 * reads at once (a home: settings and listing) or a read and then two (a
 * post: the post, then settings and translation).
 *
 * Nothing here is asserted against the clock: what counts is the order in
 * which answers end (how many runaway statements the page waited behind);
 * the times are printed.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../index.ts';
import type { RenderedPage, SiteRenderer, SiteRendererOptions } from '../../src/app/ssr/site-renderer.ts';
import type { SiteHost } from './site-host.ts';

const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><meta name="supabase-anon-key" content="" /><!--ssr-head--><title>Default</title><!--/ssr-head--></head><body><div id="root"><!--ssr-body--></div></body></html>`;

const FLOODER = '127.0.0.2';
const READER = '127.0.0.3';
const OTHER_READER = '127.0.0.4';
// (.*)(.*)\2\1x: catastrophic on the long published post below; anon's limit (3 s) ends it.
const RUNAWAY = `/rest/v1/blog_posts?select=id&content=match.${encodeURIComponent('(.*)(.*)\\2\\1x')}`;

let dir: string;
let server: RunningServer;
const renders: string[] = [];

function standInRenderer({ db }: SiteRendererOptions): SiteRenderer {
  const read = async (table: string, query: string): Promise<unknown> => {
    const res = await db.fetch!(`${db.url}/rest/v1/${table}?${query}`, { headers: { apikey: db.key, authorization: `Bearer ${db.key}` } });
    if (!res.ok) throw new Error(`${table}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const settings = (language: string) => read('site_settings', `select=key,value&language=eq.${language}&order=key`);
  const page = (body: unknown, complete = true): RenderedPage => ({
    status: complete ? 200 : 503, lang: 'pt-BR', head: '<title>page</title>', body: `<main>${JSON.stringify(body)}</main>`, state: '{}', complete,
  });
  return {
    target: (pathAndQuery) => {
      const { pathname } = new URL(pathAndQuery, 'http://x');
      return { kind: 'page', key: pathname, path: pathname };
    },
    async render(pagePath) {
      renders.push(pagePath);
      try {
        if (pagePath.startsWith('/post/')) {
          const id = pagePath.slice('/post/'.length);
          const post = await read('blog_posts', `select=id,title,language&id=eq.${id}`);
          return page(await Promise.all([post, settings('pt'), read('blog_posts', `select=id&translation_group=eq.${id}`)]));
        }
        const language = pagePath.slice(1, 3);
        return page(await Promise.all([settings(language), read('blog_posts', `select=id,title&published=eq.true&language=eq.${language}&order=date.desc`)]));
      } catch {
        return page(null, false);
      }
    },
    feed: async () => '<rss/>',
    sitemap: async () => '<urlset/>',
    robots: () => 'User-agent: *\n',
    shareCard: async () => null,
    publishedPosts: async () => [],
    clipsFeed: async () => '<rss/>',
    clipCopyPaths: async () => [],
  };
}

const host: SiteHost = {
  staticDir: undefined,
  cacheable: true,
  renderer: async () => ({ createSiteRenderer: standInRenderer }),
  template: async () => TEMPLATE,
};

interface Answer {
  name: string;
  status: number;
  code: string;
  etag: string | undefined;
  body: string;
  ms: number;
}

/** A GET from a loopback source address; `ended` records the order in which answers end. */
function getFrom(localAddress: string, target: string, name: string, ended: Answer[], anon = true): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${target}`, {
      localAddress,
      agent: false,
      headers: anon ? { apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` } : {},
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        let code = '';
        if (res.headers['content-type']?.includes('json')) code = (JSON.parse(body || '{}') as { code?: string }).code ?? '';
        const answer = { name, status: res.statusCode ?? 0, code, etag: res.headers.etag, body, ms: performance.now() - started };
        ended.push(answer);
        resolve(answer);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const flood = (n: number, ended: Answer[]) =>
  Array.from({ length: n }, (_, i) => getFrom(FLOODER, RUNAWAY, `runaway ${i + 1}`, ended));

const timedOut = (a: Answer) => a.status === 500 && a.code === '57014';

/** The runaway statements that ended (at their time limit) before the answer named `name`. */
const timeoutsBefore = (ended: Answer[], name: string) => ended.slice(0, ended.findIndex((a) => a.name === name)).filter(timedOut).length;

const summary = (ended: Answer[]) => ended.map((a) => `${a.name} ${a.status}${a.code ? ` ${a.code}` : ''} ${(a.ms / 1000).toFixed(1)} s`).join(', ');

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'site-flood-'));
  server = await startServer({ port: 0, dataDir: dir, site: host });
  // Text the regex chokes on, where anon can read it.
  await server.db.query(
    `insert into public.blog_posts (title, content, language, published) values ('Long', repeat('o próximo texto ', 40), 'pt', true)`,
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('renders a cold page in the reader’s turn: behind one runaway statement, not one per read, while the flooder asks for pages too', async () => {
  const ended: Answer[] = [];
  const runaways = flood(4, ended);
  await pause(300);
  // The flooder asks for cold pages as well: they are its turns, not extra ones.
  const flooderPages = ['a', 'b', 'c'].map((id) => getFrom(FLOODER, `/post/${id}`, `flooder page ${id}`, ended, false));
  await pause(50);
  const page = await getFrom(READER, '/pt', 'reader page', ended, false);
  await Promise.all([...runaways, ...flooderPages]);
  console.info(`[PGlite] cold /pt during a flood: ${(page.ms / 1000).toFixed(1)} s; in order: ${summary(ended)}`);

  expect(page.status).toBe(200);
  expect(page.body).toContain('Long');
  // The runaway running when it asked, and no other.
  expect(timeoutsBefore(ended, 'reader page')).toBeLessThanOrEqual(1);
}, 60_000);

it('serves the kept page while the database is busy, and the new one once it is made', async () => {
  const ended: Answer[] = [];
  const kept = await getFrom(READER, '/en', 'kept', ended, false);
  expect(kept.status).toBe(200);
  // A change: the kept page is no longer current.
  await server.db.query(`update public.site_settings set value = 'Changed during the flood' where key = 'hero_title' and language = 'en'`);
  const rendersBefore = renders.length;

  const runaways = flood(2, ended);
  await pause(300);
  const during = await getFrom(OTHER_READER, '/en', 'page during the flood', ended, false);
  await Promise.all(runaways);
  const after = await getFrom(OTHER_READER, '/en', 'page after', ended, false);
  console.info(`[PGlite] kept /en during a flood: ${(during.ms / 1000).toFixed(2)} s; in order: ${summary(ended)}`);

  expect(during.status).toBe(200);
  // The last good render, at once: before the first runaway statement ended.
  expect(during.etag).toBe(kept.etag);
  expect(timeoutsBefore(ended, 'page during the flood')).toBe(0);
  // Made meanwhile, in that reader's turn, and served from then on.
  expect(after.body).toContain('Changed during the flood');
  expect(renders.length - rendersBefore).toBe(1);
}, 60_000);

it('shows a change in the very next page when the database is not busy', async () => {
  const ended: Answer[] = [];
  expect((await getFrom(READER, '/en', 'before', ended, false)).body).toContain('Changed during the flood');
  await server.db.query(`update public.site_settings set value = 'Changed again' where key = 'hero_title' and language = 'en'`);
  expect((await getFrom(READER, '/en', 'next', ended, false)).body).toContain('Changed again');
});
