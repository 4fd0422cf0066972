/**
 * The site host (server/site/): files, the client-only shell, pages and
 * documents kept until the content version moves, compression, ETags. The
 * renderer here is a stand-in that counts its calls (the real one is tested
 * against a build in tests/integration/site-*.test.ts); the database, its
 * migrations and triggers are real.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '../index.ts';
import type { PageTarget, RenderedPage, SiteRenderer } from '../../src/app/ssr/site-renderer.ts';
import type { SiteHost } from './site-host.ts';

const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><meta name="supabase-anon-key" content="" /><!--ssr-head--><title>Default</title><!--/ssr-head--></head><body><div id="root"><!--ssr-body--></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`;

let dist: string;
let server: RunningServer;
const calls: string[] = [];
let nextPage: Partial<RenderedPage> = {};
let failNext = false;

const renderer: SiteRenderer = {
  target(pathAndQuery): PageTarget {
    const { pathname } = new URL(pathAndQuery, 'http://x');
    if (pathname === '/') return { kind: 'redirect', status: 302, location: '/pt' };
    // A renderer that got it wrong: the host must not pass such a Location on.
    if (pathname.startsWith('/bad-redirect/')) return { kind: 'redirect', status: 301, location: decodeURIComponent(pathname.slice('/bad-redirect/'.length)) };
    if (pathname === '/auth' || pathname === '/admin') return { kind: 'client' };
    if (pathname === '/preview') return { kind: 'private', path: pathAndQuery };
    return { kind: 'page', key: pathname, path: pathname };
  },
  async render(pagePath, siteUrl) {
    calls.push(`render ${pagePath} ${siteUrl}`);
    if (failNext) {
      failNext = false;
      throw new Error('renderer broke');
    }
    const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from public.blog_posts');
    // A review link's page (issue 26) is its token's alone.
    if (pagePath.startsWith('/preview?')) {
      const token = new URL(pagePath, 'http://x').searchParams.get('token');
      return { status: token === 'live' ? 200 : 404, lang: 'pt-BR', head: '<title>Review</title>', body: `<main>${token === 'live' ? `${rows[0]!.n} posts` : 'Not found'}</main>`, state: '', complete: true, private: true };
    }
    return {
      status: pagePath === '/missing' ? 404 : 200,
      lang: 'en-US',
      head: `<title>${pagePath} at ${siteUrl}</title>`,
      body: `<main>${rows[0]!.n} posts ${'padding '.repeat(300)}</main>`,
      state: '{"routeId":"x"}',
      complete: true,
      ...nextPage,
    };
  },
  async feed(language, siteUrl) {
    calls.push(`feed ${language}`);
    return `<rss><channel><link>${siteUrl}/${language}</link></channel></rss>`;
  },
  async sitemap(siteUrl) {
    calls.push('sitemap');
    return `<urlset><url><loc>${siteUrl}/pt</loc></url></urlset>`;
  },
  robots: (siteUrl) => `User-agent: *\nSitemap: ${siteUrl}/sitemap.xml\n`,
  async shareCard(target) {
    calls.push(`card ${target.kind}`);
    if (target.kind === 'post' && target.id === 'missing') return null;
    return { type: 'div', props: { style: { display: 'flex', backgroundColor: '#faf7f2', width: '100%', height: '100%' } } };
  },
  publishedPosts: async () => [],
  async clipsFeed(language, siteUrl) {
    calls.push(`clips feed ${language}`);
    return `<rss><channel><link>${siteUrl}/clips/${language}</link></channel></rss>`;
  },
  clipCopyPaths: async () => [],
};

const host = (): SiteHost => ({
  staticDir: dist,
  cacheable: true,
  renderer: async () => ({ createSiteRenderer: () => renderer }),
  template: async () => TEMPLATE,
});

const get = (p: string, headers: Record<string, string> = {}) => server.app.request(p, { headers });

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'site-test-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.ssr'));
  const script = 'console.log("the app");'.repeat(100);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, '.ssr', 'entry-server.js'), 'SERVER-BUNDLE-CONTENT');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(tmpdir(), 'outside-secret.txt'), 'OUTSIDE-FILE-CONTENT');
  server = await startServer({ port: 0, inMemory: true, site: host() });
});

afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  calls.length = 0;
  nextPage = {};
});

describe('built files', () => {
  it('serves the brotli or gzip copy the build made, by Accept-Encoding, cached for a year', async () => {
    const br = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain('the app');

    const gz = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('the app');

    const plain = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await plain.text()).toContain('the app');
  });

  it('answers 404 for a missing asset, and never serves a dot folder, a file outside dist/ or an API path as a page', async () => {
    const missing = await get('/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const p of ['/.ssr/entry-server.js', '/../outside-secret.txt', '/%2e%2e/outside-secret.txt', '/assets/..%2f..%2foutside-secret.txt']) {
      const res = await get(p);
      const body = await res.text();
      expect(body).not.toMatch(/SERVER-BUNDLE-CONTENT|OUTSIDE-FILE-CONTENT/);
    }
    expect((await get('/rest/v1/nothing')).status).toBe(401);
    expect((await get('/storage/v1/nothing')).status).toBe(404);
  });

  it('serves a file the build adds while the server runs, once the second it keeps a look for has passed', async () => {
    expect((await get('/assets/later-abc.js')).status).toBe(404);
    writeFileSync(path.join(dist, 'assets', 'later-abc.js'), 'later');
    await expect.poll(async () => (await get('/assets/later-abc.js')).status, { timeout: 5_000, interval: 200 }).toBe(200);
    rmSync(path.join(dist, 'assets', 'later-abc.js'));
    // At once: never a 500 for the file its kept look still names.
    expect((await get('/assets/later-abc.js')).status).toBe(404);
  });
});

describe('pages', () => {
  it('redirects / to /pt', async () => {
    const res = await get('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/pt');
  });

  it('never answers a redirect to another host, whatever the renderer says', async () => {
    for (const location of ['//attacker.example', '/\\attacker.example', 'https://attacker.example/', '///a.example', '/ok\\x', 'javascript:alert(1)']) {
      const res = await get(`/bad-redirect/${encodeURIComponent(location)}`);
      expect(res.status, location).toBe(400);
      expect(res.headers.get('location'), location).toBeNull();
    }
    const fine = await get(`/bad-redirect/${encodeURIComponent('/pt?category=x')}`);
    expect(fine.status).toBe(301);
    expect(fine.headers.get('location')).toBe('/pt?category=x');
  });

  it('answers a page the renderer found moved with a 301 to where it went, kept until the content changes', async () => {
    nextPage = { status: 301, location: '/pt/new-address', lang: '', head: '', body: '', state: '' };
    const res = await get('/pt/old-address');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/pt/new-address');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('Moved permanently to /pt/new-address\n');
    const head = await server.app.request('/pt/old-address', { method: 'HEAD' });
    expect([head.status, head.headers.get('location'), await head.text()]).toEqual([301, '/pt/new-address', '']);
    expect(calls).toEqual(['render /pt/old-address http://localhost']);
    // A slug may change again: the redirect is made afresh once the content moves.
    nextPage = {};
    await server.db.query(`update public.site_settings set value = value where key = 'hero_title' and language = 'pt'`);
    expect((await get('/pt/old-address')).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it("never answers a moved page's redirect to another host, whatever the renderer says", async () => {
    for (const [i, location] of ['//attacker.example', '/\\attacker.example', 'https://attacker.example/', 'javascript:alert(1)'].entries()) {
      nextPage = { status: 301, location, lang: '', head: '', body: '', state: '' };
      const res = await get(`/moved-away/${i}`);
      expect(res.status, location).toBe(400);
      expect(res.headers.get('location'), location).toBeNull();
    }
  });

  it('gives /auth and /admin the client-only shell: anon key, default head, empty root, no-cache, CSP', async () => {
    for (const p of ['/auth', '/admin']) {
      const res = await get(p);
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain(`content="${server.anonKey}"`);
      expect(html).not.toContain(server.serviceRoleKey);
      expect(html).toContain('<title>Default</title>');
      expect(html).toContain('<div id="root"></div>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    expect(calls).toEqual([]);
  });

  it('fills the template with the rendered page: lang, head, body and state', async () => {
    const res = await get('/pt');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="en-US">');
    expect(html).toMatch(/<title>\/pt at http:\/\/localhost<\/title>/);
    expect(html).not.toContain('<title>Default</title>');
    expect(html).toContain('<div id="root"><main>');
    expect(html).toContain('<script id="ssr-state" type="application/json">{"routeId":"x"}</script>');
    expect(html).toContain(`content="${server.anonKey}"`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('keeps a page until the content changes, whoever changes it', async () => {
    const first = await (await get('/keep')).text();
    await get('/keep');
    expect(calls).toEqual(['render /keep http://localhost']);
    // Her draft changes no public page: kept as it was.
    await server.db.query(`insert into public.blog_posts (title, language, published) values ('Draft', 'pt', false)`);
    await get('/keep');
    expect(calls).toHaveLength(1);
    // A write straight in SQL, not through the API: the triggers move the version.
    await server.db.query(`insert into public.blog_posts (title, language, published) values ('New', 'pt', true)`);
    const second = await (await get('/keep')).text();
    expect(calls).toHaveLength(2);
    expect(second).not.toBe(first);
    await server.db.query(`update public.site_settings set value = value where key = 'hero_title' and language = 'pt'`);
    await get('/keep');
    expect(calls).toHaveLength(3);
  });

  it('never keeps a page made from failed reads', async () => {
    nextPage = { status: 503, complete: false };
    expect((await get('/flaky')).status).toBe(503);
    nextPage = {};
    expect((await get('/flaky')).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it("renders a private page (a review link's) for every request, each with its own token, kept by no cache", async () => {
    const [live, dead, again] = await Promise.all([get('/preview?token=live'), get('/preview?token=dead'), get('/preview?token=live')]);
    expect(calls.sort()).toEqual(['render /preview?token=dead http://localhost', 'render /preview?token=live http://localhost', 'render /preview?token=live http://localhost']);
    expect([live.status, dead.status, again.status]).toEqual([200, 404, 200]);
    expect(await live.text()).toContain('posts');
    expect(await dead.text()).toContain('Not found');
    for (const res of [live, dead]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('etag')).toBeNull();
      expect(res.headers.get('content-security-policy')).toBeTruthy();
    }
    // Nothing kept: the same token renders again, with what the database holds now.
    await get('/preview?token=live');
    expect(calls).toHaveLength(4);
    // A renderer that marks a page private is never kept, whatever the target said.
    nextPage = { private: true };
    await get('/private-by-page');
    await get('/private-by-page');
    expect(calls.filter((c) => c.startsWith('render /private-by-page'))).toHaveLength(2);
  });

  it('answers the status the renderer gives (404 for a missing page)', async () => {
    expect((await get('/missing')).status).toBe(404);
  });

  it('compresses a page with brotli or gzip, and answers 304 to a matching If-None-Match', async () => {
    const plain = await get('/zip');
    const body = await plain.text();
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);

    const br = await get('/zip', { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(etag);
    const compressed = Buffer.from(await br.arrayBuffer());
    expect(compressed.length).toBeLessThan(body.length / 4);
    expect(brotliDecompressSync(compressed).toString()).toBe(body);

    const gz = await get('/zip', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(body);

    const again = await get('/zip', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(calls).toHaveLength(1);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await server.app.request('/head', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  it('renders absolute links for the origin the request used, each origin kept apart', async () => {
    const a = await (await server.app.request('http://127.0.0.1:9999/origin')).text();
    const b = await (await server.app.request('http://other.example/origin')).text();
    expect(a).toContain('<title>/origin at http://127.0.0.1:9999</title>');
    expect(b).toContain('<title>/origin at http://other.example</title>');
  });

  it('answers a plain 500, and says why in the log, when the renderer fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    failNext = true;
    const res = await get('/broken');
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/could not be shown/);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/broken failed'), expect.any(Error));
    log.mockRestore();
  });
});

describe('documents beside the pages', () => {
  it('serves the feeds, sitemap and robots.txt with their types, kept until the content changes', async () => {
    const feed = await get('/en/rss.xml');
    expect(feed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await feed.text()).toContain('<link>http://localhost/en</link>');
    await get('/en/rss.xml');
    expect((await get('/sitemap.xml')).headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('Sitemap: http://localhost/sitemap.xml');
    expect(calls).toEqual(['feed en', 'sitemap']);
    // Not a feed: the renderer's page for an unknown path.
    expect((await get('/de/rss.xml')).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it("serves her published work's feeds (issue 43) at their lists' addresses, kept until the content changes", async () => {
    calls.length = 0;
    const pt = await get('/pt/publicacoes/rss.xml');
    expect(pt.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await pt.text()).toContain('<link>http://localhost/clips/pt</link>');
    await get('/pt/publicacoes/rss.xml');
    expect(await (await get('/en/published-work/rss.xml')).text()).toContain('<link>http://localhost/clips/en</link>');
    expect(calls).toEqual(['clips feed pt', 'clips feed en']);
    // Not a feed: the other language's word, or a list that is none.
    for (const p of ['/en/publicacoes/rss.xml', '/pt/published-work/rss.xml']) {
      expect((await get(p)).headers.get('content-type'), p).toBe('text/html; charset=utf-8');
    }
  });

  it('serves the link-preview cards as PNG, and 404 for a post that is not there', async () => {
    for (const p of ['/og/pt.png', '/og/en.png', '/og/post/some-id.png']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
    expect((await get('/og/post/missing.png')).status).toBe(404);
  });
});
