/**
 * `npm run build:static` (issue 9, item 8): the public site exported as files
 * from a project read with the anon key only. A running local backend (API
 * only, as hosted Supabase is) plays the hosted project.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { XMLParser } from 'fast-xml-parser';
import { repoRoot } from '../e2e/support/app-server.ts';
import { targets, useBackend } from './harness.ts';

const SITE_URL = 'https://journalist.example';

function run(env: Record<string, string>, outDir: string): Promise<{ code: number; output: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build-static.ts', '--out', outDir], {
      cwd: repoRoot,
      env: { ...process.env, VITE_SUPABASE_URL: '', VITE_SUPABASE_PUBLISHABLE_KEY: '', SITE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => ok({ code: code ?? -1, output }));
  });
}

describe('static export', () => {
  const b = useBackend(targets[0]!);
  const out = mkdtempSync(path.join(tmpdir(), 'journalist-site-export-'));
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  const doc = (file: string) => new JSDOM(read(file)).window.document;
  let published: { id: string; title: string; language: string }[];
  let drafts: { id: string; title: string }[];

  beforeAll(async () => {
    const { data } = await b.service.from('blog_posts').select('id, title, language, published');
    published = data!.filter((p) => p.published);
    drafts = data!.filter((p) => !p.published);
    const result = await run({ VITE_SUPABASE_URL: b.url, VITE_SUPABASE_PUBLISHABLE_KEY: b.anonKey, SITE_URL }, out);
    if (result.code !== 0) throw new Error(`build:static failed:\n${result.output}`);
  }, 180_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('refuses to run without the project and the site address, saying what to set', async () => {
    const result = await run({}, path.join(out, 'never'));
    expect(result.code).toBe(1);
    expect(result.output).toContain('Set VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY, SITE_URL');
    expect(existsSync(path.join(out, 'never'))).toBe(false);
  });

  it('writes both homes and a page for every published post, with their content and head', () => {
    for (const language of ['pt', 'en']) {
      const home = doc(`${language}/index.html`);
      expect(home.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE_URL}/${language}`);
      const titles = [...home.querySelectorAll('#blog article h3')].map((h) => h.textContent);
      expect(titles.sort()).toEqual(published.filter((p) => p.language === language).map((p) => p.title).sort());
    }
    const files = readdirSync(path.join(out, 'post'));
    expect(files.sort()).toEqual(published.map((p) => p.id).sort());
    for (const post of published) {
      const page = doc(`post/${post.id}/index.html`);
      expect(page.querySelector('h1')?.textContent).toBe(post.title);
      expect(page.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(`${SITE_URL}/post/${post.id}`);
      expect(existsSync(path.join(out, 'og', 'post', `${post.id}.png`))).toBe(true);
      // Static data may be old: the browser refreshes it after hydrating.
      expect(JSON.parse(page.getElementById('ssr-state')!.textContent!)).toMatchObject({ routeId: 'post', live: false });
    }
  });

  it('writes the 404 page, the client-only shells and the redirect of /', () => {
    expect(doc('404.html').querySelector('h1')?.textContent).toBe('Oops! Page not found');
    for (const shell of ['auth/index.html', 'admin/index.html']) {
      expect(doc(shell).getElementById('root')?.children).toHaveLength(0);
    }
    expect(doc('index.html').querySelector('meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=/pt');
  });

  it('writes feeds, sitemap, robots.txt and the home cards for the site address', async () => {
    const feed = await new Parser().parseString(read('pt/rss.xml'));
    expect(feed.link).toBe(`${SITE_URL}/pt`);
    expect(feed.items.length).toBe(published.filter((p) => p.language === 'pt').length);
    const sitemap = new XMLParser().parse(read('sitemap.xml')) as { urlset: { url: { loc: string }[] } };
    expect(sitemap.urlset.url).toHaveLength(2 + published.length);
    expect(read('robots.txt')).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    for (const card of ['og/pt.png', 'og/en.png']) expect(readFileSync(path.join(out, card)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('builds the browser bundle for the project, and ships no server code and no draft', () => {
    const assets = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.some((f) => read(`assets/${f}`).includes(b.url))).toBe(true);
    expect(existsSync(path.join(out, '.ssr'))).toBe(false);
    // No source maps in what is served (npm run dev has its own).
    expect(readdirSync(path.join(out, 'assets')).filter((f) => f.includes('.map'))).toEqual([]);
    const everything = ['pt/index.html', 'en/index.html', 'pt/rss.xml', 'en/rss.xml', 'sitemap.xml'].map(read).join('\n');
    for (const draft of drafts) {
      expect(everything).not.toContain(draft.id);
      expect(everything).not.toContain(draft.title);
      expect(existsSync(path.join(out, 'post', draft.id))).toBe(false);
    }
  });
});
