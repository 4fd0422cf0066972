/**
 * The server-rendered public site (issue 9) on the real backend and its demo
 * content: what a crawler, a link-preview bot or a reader without JavaScript
 * gets from /pt, /en, a post, the 404 pages, the feeds, the sitemap and the
 * share cards; status codes; escaping of hostile text; freshness after writes.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { XMLParser } from 'fast-xml-parser';
import { bootScript } from '../../scripts/boot-script.ts';
import { targets, useBackend, type Backend, type TestUser } from './harness.ts';

interface Fetched {
  status: number;
  headers: Headers;
  html: string;
  doc: Document;
}

async function page(b: Backend, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const res = await fetch(`${b.url}${path}`, { redirect: 'manual', headers });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, doc: new JSDOM(html).window.document };
}

/** A GET with the request target exactly as given (fetch would normalise `\\` and dot segments first). */
function rawGet(base: string, target: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, method: 'GET' }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
const metas = (doc: Document, key: string) => [...doc.querySelectorAll(`meta[property="${key}"]`)].map((m) => m.getAttribute('content'));
const jsonLd = (doc: Document) => JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
const cardTitles = (doc: Document) => [...doc.querySelectorAll('#blog article h3')].map((h) => h.textContent);

interface Row {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string | null;
  category: string | null;
  language: string;
  published: boolean;
  date: string;
  updated_at: string;
  revised_at: string | null;
}

/** A post's address (issue 23). */
const addressOf = (post: Pick<Row, 'language' | 'slug'>) => `/${post.language}/${post.slug}`;

async function rows(b: Backend): Promise<Row[]> {
  const { data, error } = await b.service.from('blog_posts').select('*').order('date', { ascending: false });
  if (error) throw error;
  return data as Row[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const feedParser = new Parser({ customFields: { feed: ['language'] } });
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

describe.each(targets)('server-rendered site on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;
  let all: Row[];

  beforeAll(async () => {
    admin = await b.createAdmin();
    all = await rows(b);
  });

  const published = (language: string) => all.filter((p) => p.language === language && p.published);
  const drafts = () => all.filter((p) => !p.published);

  describe('pages without JavaScript', () => {
    it('/pt holds every published Portuguese post, the settings texts, and no draft', async () => {
      const { status, doc, html } = await page(b, '/pt');
      expect(status).toBe(200);
      expect(doc.documentElement.lang).toBe('pt-BR');
      expect(doc.querySelector('h1')?.textContent).toBe('Comunicação que constrói reputação');
      expect(cardTitles(doc)).toEqual(published('pt').map((p) => p.title));
      for (const post of published('pt')) {
        expect(doc.querySelector(`a[href="${addressOf(post)}"]`), post.title).not.toBeNull();
        if (post.excerpt) expect(doc.body.textContent).toContain(post.excerpt);
      }
      for (const draft of drafts()) expect(html).not.toContain(draft.title);
    });

    it('/en is the English home; a category in the query filters the cards on the server', async () => {
      const { doc } = await page(b, '/en');
      expect(doc.documentElement.lang).toBe('en-US');
      expect(cardTitles(doc)).toEqual(published('en').map((p) => p.title));
      const filtered = await page(b, '/en?category=Crisis%20Communication&utm_source=newsletter');
      const crisis = published('en').filter((p) => p.category === 'Crisis Communication');
      expect(crisis.length).toBeGreaterThan(0);
      expect(cardTitles(filtered.doc)).toEqual(crisis.map((p) => p.title));
      expect(filtered.doc.querySelector('[aria-pressed="true"]')?.textContent).toBe('Crisis Communication');
    });

    it('a post page holds its title and its whole text', async () => {
      const post = published('pt')[0]!;
      const { status, doc } = await page(b, addressOf(post));
      expect(status).toBe(200);
      expect(doc.querySelector('h1')?.textContent).toBe(post.title);
      const text = doc.querySelector('article')!.textContent!;
      for (const paragraph of post.content!.split('\n\n')) expect(text).toContain(paragraph.trim());
      expect(doc.querySelector('time')?.getAttribute('datetime')).toBe(post.date);
    });

    it('carries the data it was rendered from, for the browser to hydrate without asking again', async () => {
      const { doc } = await page(b, '/pt');
      const state = JSON.parse(doc.getElementById('ssr-state')!.textContent!) as {
        routeId: string;
        live: boolean;
        queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
      };
      expect(state.routeId).toBe('home-pt');
      expect(state.live).toBe(true);
      const keys = state.queries.queries.map((q) => JSON.stringify(q.queryKey));
      expect(keys).toEqual(expect.arrayContaining(['["settings","pt"]', '["posts","public","pt","all",1]']));
      expect(doc.querySelector('meta[name="supabase-anon-key"]')?.getAttribute('content')).toBe(b.anonKey);
    });
  });

  describe('head', () => {
    it('a home: title, description, canonical, hreflang, feed, Open Graph, Twitter, WebSite and Person', async () => {
      const { doc } = await page(b, '/pt');
      const origin = b.url;
      expect(doc.title).toBe('Jornalista & Profissional de RP');
      expect(meta(doc, 'description')).toMatch(/^31 anos de experiência/);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/pt`);
      const alternates = Object.fromEntries(
        [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
      );
      expect(alternates).toEqual({ 'pt-BR': `${origin}/pt`, en: `${origin}/en`, 'x-default': `${origin}/pt` });
      expect(doc.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(`${origin}/pt/rss.xml`);
      expect(meta(doc, 'og:type')).toBe('website');
      expect(meta(doc, 'og:url')).toBe(`${origin}/pt`);
      expect(meta(doc, 'og:site_name')).toBe('Jornalista & Profissional de RP');
      expect(meta(doc, 'og:locale')).toBe('pt_BR');
      expect(metas(doc, 'og:locale:alternate')).toEqual(['en_US']);
      expect(meta(doc, 'og:image')).toMatch(new RegExp(`^${origin}/og/pt\\.png\\?v=\\w+$`));
      expect([meta(doc, 'og:image:width'), meta(doc, 'og:image:height')]).toEqual(['1200', '630']);
      expect(meta(doc, 'og:image:alt')).toContain('Comunicação que constrói reputação');
      expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
      const graph = jsonLd(doc)['@graph'] as Record<string, unknown>[];
      expect(graph.map((node) => node['@type'])).toEqual(['WebSite', 'Person']);
      expect(graph[0]).toMatchObject({ url: `${origin}/pt`, inLanguage: 'pt-BR' });
      expect(graph[1]).toMatchObject({ name: 'Helena Duarte', jobTitle: 'Jornalista & Profissional de RP' });
    });

    it('a post: article Open Graph with times and section, a card image, and BlogPosting', async () => {
      const post = published('en')[0]!;
      const { doc } = await page(b, addressOf(post));
      const url = `${b.url}${addressOf(post)}`;
      expect(doc.documentElement.lang).toBe('en-US');
      expect(doc.title).toBe(post.title);
      expect(meta(doc, 'description')).toBe(post.excerpt);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
      expect(meta(doc, 'og:type')).toBe('article');
      expect(meta(doc, 'og:title')).toBe(post.title);
      expect(meta(doc, 'og:url')).toBe(url);
      expect(meta(doc, 'og:locale')).toBe('en_US');
      expect(meta(doc, 'og:image')).toMatch(new RegExp(`^${b.url}/og/post/${post.id}\\.png\\?v=\\w+$`));
      expect(meta(doc, 'og:image:alt')).toContain(post.title);
      expect(new Date(meta(doc, 'article:published_time')!).getTime()).toBe(new Date(post.date).getTime());
      // Never revised since publication (issue 26): modified when published, whatever edits it had before.
      expect(post.revised_at).toBeNull();
      expect(new Date(meta(doc, 'article:modified_time')!).getTime()).toBe(new Date(post.date).getTime());
      expect(meta(doc, 'article:section')).toBe(post.category);
      expect(jsonLd(doc)).toMatchObject({
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        dateModified: post.date,
        inLanguage: 'en',
        author: { '@type': 'Person', name: 'Helena Duarte' },
        image: meta(doc, 'og:image'),
        url,
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      });
    });

    it("a home's and a post's one inline script, the starter, is allowed by the page's own policy, minified", async () => {
      for (const path of ['/pt', addressOf(published('en')[0]!)]) {
        const { doc, headers } = await page(b, path);
        const inline = [...doc.querySelectorAll('script:not([src]):not([type])')].map((script) => script.textContent ?? '');
        expect(inline).toHaveLength(1);
        const scriptSrc = /script-src ([^;]+)/.exec(headers.get('content-security-policy') ?? '')?.[1] ?? '';
        expect(scriptSrc.split(' ')).toContain(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`);
        // Served without its comments: the source, src/app/boot.js, is 7.4 KB.
        expect(inline[0]!.length).toBeLessThan(3500);
        expect(inline[0]).not.toMatch(/\/\*|\n/);
      }
    });

    it('a home and a post are drawn first with their first screen whole: the head waits for its largest text', async () => {
      // <link rel="expect" blocking="render">: no frame before that element is parsed (issue 28).
      const expected = (doc: Document) => {
        const links = [...doc.head.querySelectorAll('link[rel="expect"]')];
        expect(links.map((l) => l.getAttribute('blocking'))).toEqual(['render']);
        return doc.querySelector(links[0]!.getAttribute('href')!);
      };
      const home = (await page(b, '/en')).doc;
      // The hero's description (the page's description is made of it).
      expect(home.querySelector('#home')!.contains(expected(home))).toBe(true);
      expect(home.querySelector('meta[name="description"]')!.getAttribute('content')).toContain(
        expected(home)!.textContent!.slice(0, 40),
      );
      const post = published('pt')[0]!;
      const article = (await page(b, addressOf(post))).doc;
      expect(expected(article)).toBe(article.querySelector('h1'));
      expect(expected(article)?.textContent).toBe(post.title);
    });

    it("a post with its own picture shows that picture in previews", async () => {
      const { data } = await admin.client
        .from('blog_posts')
        .insert({ title: 'With a picture', language: 'pt', published: true, image_url: 'https://images.example.com/p.jpg' })
        .select()
        .single();
      const { doc } = await page(b, addressOf(data!));
      expect(meta(doc, 'og:image')).toBe('https://images.example.com/p.jpg');
      expect(meta(doc, 'og:image:alt')).toBe('With a picture');
      await admin.client.from('blog_posts').delete().eq('id', data!.id);
    });
  });

  describe('status codes', () => {
    it('/ redirects to /pt, and /pt/ to /pt', async () => {
      const root = await page(b, '/');
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toMatch(/\/pt$/);
      expect((await page(b, '/pt/')).headers.get('location')).toMatch(/\/pt$/);
    });

    it('no redirect leaves the site, whatever slashes, backslashes or encodings the path begins with', async () => {
      const hostile = [
        '//x//attacker.example/', '//attacker.example/', '///attacker.example/', '/\\attacker.example/', '/\\/attacker.example/',
        '\\\\attacker.example/', '/%2F%2Fattacker.example/', '/%5Cattacker.example/', '/%5C%5Cattacker.example/',
        '/%2F/attacker.example/', '//%2F/attacker.example/', '/\\%2Fattacker.example/', '/.//attacker.example/',
        '/pt//', '//pt', '/post//x/', '//?next=//attacker.example', '/..//attacker.example/',
      ];
      const origin = new URL(b.url).origin;
      for (const target of hostile) {
        const { status, location } = await rawGet(b.url, target);
        if (location === undefined) {
          expect([400, 404], target).toContain(status);
          continue;
        }
        expect([301, 302, 308], target).toContain(status);
        expect(location, target).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, `${origin}/a/b`).origin, target).toBe(origin);
      }
      // The canonical form is kept: a doubled slash is one address, not another site.
      expect((await rawGet(b.url, '//pt')).location).toBe('/pt');
      expect((await rawGet(b.url, '/pt//')).location).toBe('/pt');
    });

    it('a draft, an unknown and a malformed address or post id are 404 with "Post não encontrado", kept out of search', async () => {
      const draft = drafts()[0]!;
      for (const path of [addressOf(draft), '/pt/nenhum-post-com-este-endereco', '/en/Not_A_Slug', `/post/${draft.id}`, '/post/00000000-0000-4000-8000-000000000000', '/post/not-a-uuid']) {
        const { status, doc, html } = await page(b, path);
        expect(status, path).toBe(404);
        expect(doc.querySelector('h1')?.textContent).toBe('Post não encontrado');
        expect(meta(doc, 'robots')).toBe('noindex');
        expect(html).not.toContain(draft.title);
      }
    });

    it('an unknown path is 404 with the spec 404 page', async () => {
      const { status, doc } = await page(b, '/nada/aqui');
      expect(status).toBe(404);
      expect(doc.querySelector('h1')?.textContent).toBe('Oops! Page not found');
      expect(doc.querySelector('a')?.textContent).toBe('Return to Home');
    });

    it('/auth and /admin are the client-only shell', async () => {
      for (const path of ['/auth', '/admin']) {
        const { status, doc } = await page(b, path);
        expect(status).toBe(200);
        expect(doc.getElementById('root')?.children).toHaveLength(0);
        expect(doc.getElementById('ssr-state')).toBeNull();
      }
    });
  });

  describe('feeds, sitemap, robots.txt, share cards', () => {
    it('each language has an RSS 2.0 feed of its newest published posts', async () => {
      for (const language of ['pt', 'en'] as const) {
        const res = await fetch(`${b.url}/${language}/rss.xml`);
        expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
        const feed = await feedParser.parseString(await res.text());
        expect(feed.language).toBe(language === 'pt' ? 'pt-BR' : 'en');
        expect(feed.link).toBe(`${b.url}/${language}`);
        const expected = published(language).slice(0, 20);
        expect(feed.items.map((i) => i.title)).toEqual(expected.map((p) => p.title));
        for (const [i, post] of expected.entries()) {
          const item = feed.items[i]!;
          // The link is the post's address; the guid stays what readers already hold, whatever its slug becomes.
          expect(item.link).toBe(`${b.url}${addressOf(post)}`);
          expect(item.guid).toBe(`${b.url}/post/${post.id}`);
          expect(new Date(item.pubDate!).getTime()).toBe(Math.floor(new Date(post.date).getTime() / 1000) * 1000);
          // HTML to every feed reader: the excerpt as one escaped paragraph.
          expect([...JSDOM.fragment(item.content ?? '').children].map((p) => [p.tagName, p.textContent])).toEqual([['P', post.excerpt]]);
          expect(item.categories).toEqual([post.category]);
        }
      }
    });

    it('the sitemap lists both homes with their alternates and every published post, and parses as XML', async () => {
      const res = await fetch(`${b.url}/sitemap.xml`);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const body = await res.text();
      const urls = (xml.parse(body) as { urlset: { url: { loc: string; lastmod?: string; 'xhtml:link'?: unknown[] }[] } }).urlset.url;
      const locs = urls.map((u) => u.loc);
      const posts = all.filter((p) => p.published);
      // The homes, her published work's lists (issue 43), the posts.
      expect(locs).toEqual([`${b.url}/pt`, `${b.url}/en`, `${b.url}/pt/publicacoes`, `${b.url}/en/published-work`, ...posts.map((p) => `${b.url}${addressOf(p)}`)]);
      expect(urls[0]!['xhtml:link']).toHaveLength(3);
      for (const draft of drafts()) expect(body).not.toContain(`${addressOf(draft)}<`);
      for (const url of urls.slice(4)) expect(Number.isNaN(Date.parse(url.lastmod!))).toBe(false);
    });

    it('robots.txt allows all but /admin and /auth, and names the sitemap', async () => {
      const body = await (await fetch(`${b.url}/robots.txt`)).text();
      expect(body).toContain('User-agent: *');
      expect(body).toMatch(/^Disallow: \/admin$/m);
      expect(body).toMatch(/^Disallow: \/auth$/m);
      expect(body).toContain(`Sitemap: ${b.url}/sitemap.xml`);
    });

    it('share cards are 1200×630 PNG under 300 KB; a draft has none', async () => {
      for (const path of ['/og/pt.png', '/og/en.png', `/og/post/${published('pt')[0]!.id}.png`]) {
        const res = await fetch(`${b.url}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        const png = Buffer.from(await res.arrayBuffer());
        expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
        expect(png.length).toBeLessThan(300 * 1024);
      }
      expect((await fetch(`${b.url}/og/post/${drafts()[0]!.id}.png`)).status).toBe(404);
    });
  });

  describe('compression', () => {
    it('pages come compressed by Accept-Encoding, API JSON too', async () => {
      const html = await fetch(`${b.url}/pt`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(html.headers.get('content-encoding')).toBe('br');
      expect(html.headers.get('vary')).toMatch(/Accept-Encoding/i);
      const gz = await fetch(`${b.url}/en/rss.xml`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      const api = await b.request('/rest/v1/blog_posts?select=*&published=eq.true', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(api.headers.get('content-encoding')).toBe('gzip');
      expect(((await api.json()) as unknown[]).length).toBe(all.filter((p) => p.published).length);
    });
  });

  describe('escaping', () => {
    const title = `</script><script>alert("title")</script> & "quoted" <b>bold</b> $& '`;
    const excerpt = `<!-- </script><img src=x onerror=alert("excerpt")>`;
    const content = `<script>alert("content")</script>\n\n</textarea><a href="javascript:alert(1)">x</a>`;
    let id: string;
    let address: string;

    beforeAll(async () => {
      const { data, error } = await admin.client
        .from('blog_posts')
        .insert({ title, excerpt, content, language: 'pt', category: 'Outros', published: true })
        .select()
        .single();
      if (error) throw error;
      id = data.id;
      address = addressOf(data);
    });

    afterAll(async () => {
      await admin.client.from('blog_posts').delete().eq('id', id);
    });

    const noInjected = (doc: Document, html: string) => {
      expect(html).not.toMatch(/<script>alert/);
      expect(html).not.toMatch(/<img src=x/);
      expect(doc.querySelector('img[onerror]')).toBeNull();
      expect(doc.querySelector('a[href^="javascript:"]')).toBeNull();
      // Every script is a file of the site, a data block, or the page's starter exactly (the one inline
      // script the CSP allows, by its hash: decision 240); none came from the text.
      const starters = [];
      for (const script of doc.querySelectorAll('script')) {
        const isData = ['application/json', 'application/ld+json'].includes(script.getAttribute('type') ?? '');
        const isSiteFile = /^\/[\w./-]+\.js$/.test(script.getAttribute('src') ?? '') && script.textContent === '';
        const isStarter = !script.hasAttribute('src') && !script.hasAttribute('type') && script.textContent === bootScript;
        if (isStarter) starters.push(script);
        expect(isData || isSiteFile || isStarter, script.outerHTML.slice(0, 120)).toBe(true);
      }
      expect(starters).toHaveLength(1);
    };

    it('a post page shows hostile text as text, in the body, the attributes and the JSON-LD', async () => {
      // The slug of such a title is only words: /pt/script-script-alert-title-script-quoted-b-bold-b.
      expect(address).toMatch(/^\/pt\/[a-z0-9]+(-[a-z0-9]+)*$/);
      const { doc, html } = await page(b, address);
      noInjected(doc, html);
      expect(doc.title).toBe(title);
      expect(doc.querySelector('h1')?.textContent).toBe(title);
      expect(meta(doc, 'og:title')).toBe(title);
      expect(meta(doc, 'description')).toBe(excerpt);
      expect(jsonLd(doc)).toMatchObject({ headline: title, description: excerpt });
      expect(doc.querySelector('article')!.textContent).toContain('<script>alert("content")</script>');
      expect(JSON.parse(doc.getElementById('ssr-state')!.textContent!)).toMatchObject({ routeId: 'post-pt', params: { slug: address.slice('/pt/'.length) } });
    });

    it('the home, the feed and the sitemap too', async () => {
      const home = await page(b, '/pt');
      noInjected(home.doc, home.html);
      expect(cardTitles(home.doc)).toContain(title);
      const feed = await feedParser.parseString(await (await fetch(`${b.url}/pt/rss.xml`)).text());
      expect(feed.items.find((i) => i.link === `${b.url}${address}`)?.title).toBe(title);
      xml.parse(await (await fetch(`${b.url}/sitemap.xml`)).text());
    });
  });

  describe('freshness', () => {
    it('publishing, editing and unpublishing show in the very next page, feed and sitemap', async () => {
      const { data: created } = await admin.client
        .from('blog_posts')
        .insert({ title: 'Nota fresca', excerpt: 'Acabou de sair.', language: 'pt', published: false })
        .select()
        .single();
      const id = created!.id;
      const address = addressOf(created!);
      const seen = async () => ({
        home: (await page(b, '/pt')).html.includes('Nota fresca'),
        post: (await page(b, address)).status,
        feed: (await (await fetch(`${b.url}/pt/rss.xml`)).text()).includes(id),
        sitemap: (await (await fetch(`${b.url}/sitemap.xml`)).text()).includes(`${address}<`),
      });
      expect(await seen()).toEqual({ home: false, post: 404, feed: false, sitemap: false });

      await admin.client.from('blog_posts').update({ published: true }).eq('id', id);
      expect(await seen()).toEqual({ home: true, post: 200, feed: true, sitemap: true });

      // A published post keeps its address when its title changes.
      await admin.client.from('blog_posts').update({ title: 'Nota fresca, corrigida' }).eq('id', id);
      expect((await page(b, address)).doc.querySelector('h1')?.textContent).toBe('Nota fresca, corrigida');

      await admin.client.from('blog_posts').update({ published: false }).eq('id', id);
      expect(await seen()).toEqual({ home: false, post: 404, feed: false, sitemap: false });
      await admin.client.from('blog_posts').delete().eq('id', id);
    });

    it('a changed setting shows in the very next page', async () => {
      const { data } = await admin.client.from('site_settings').select('id, value').eq('key', 'hero_title').eq('language', 'en').single();
      await admin.client.from('site_settings').update({ value: 'Fresh headline' }).eq('id', data!.id);
      expect((await page(b, '/en')).doc.querySelector('h1')?.textContent).toBe('Fresh headline');
      await admin.client.from('site_settings').update({ value: data!.value }).eq('id', data!.id);
      expect((await page(b, '/en')).doc.querySelector('h1')?.textContent).toBe(data!.value);
    });

    it('a page not changed answers 304 to its ETag', async () => {
      const first = await fetch(`${b.url}/en`);
      const etag = first.headers.get('etag')!;
      expect((await fetch(`${b.url}/en`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    });
  });
});

describe('SITE_URL', () => {
  const b = useBackend(targets[0]!, { site: true, siteUrl: 'https://journalist.example' });

  it('makes every absolute link of pages, feeds and sitemap, whatever address the request used', async () => {
    const { doc } = await page(b, '/en');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://journalist.example/en');
    expect(meta(doc, 'og:image')).toMatch(/^https:\/\/journalist\.example\/og\/en\.png/);
    expect(await (await fetch(`${b.url}/en/rss.xml`)).text()).toContain('<link>https://journalist.example/en</link>');
    expect(await (await fetch(`${b.url}/sitemap.xml`)).text()).toContain('<loc>https://journalist.example/pt</loc>');
    expect(await (await fetch(`${b.url}/robots.txt`)).text()).toContain('Sitemap: https://journalist.example/sitemap.xml');
  });
});
