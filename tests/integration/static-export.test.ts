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
  type Row = { id: string; title: string; language: string; slug: string; published: boolean };
  let published: Row[];
  let drafts: Row[];
  /** A published post whose slug she changed before the export, and the address it had. */
  let renamed: { post: Row; old: string };
  let scheduled: Row;
  const addressOf = (post: Pick<Row, 'language' | 'slug'>) => `/${post.language}/${post.slug}`;

  beforeAll(async () => {
    const admin = await b.createAdmin();
    const { data: first } = await b.service.from('blog_posts').select('id, language, slug').eq('published', true).eq('language', 'pt').limit(1).single();
    const { error: renameError } = await admin.client.from('blog_posts').update({ slug: 'endereco-novo-exportado' }).eq('id', first!.id);
    if (renameError) throw renameError;
    const inADay = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const { data: later, error: scheduleError } = await admin.client
      .from('blog_posts')
      .insert({ title: 'Agendado para amanhã', language: 'pt', published: true, date: inADay })
      .select('id, title, language, slug, published')
      .single();
    if (scheduleError) throw scheduleError;
    scheduled = later;
    // Her published work (issue 43): a copy she shows, one she does not, a hidden clip.
    const clips = [
      // Every row names the same columns: a bulk insert sets a column one row leaves out to null, not its default.
      { title: 'Clip com cópia exportada', url: 'https://outlet.example/a', outlet: 'Folha de S.Paulo', published_on: '2014-03-05', language: 'pt', slug: 'clip-com-copia', status: 'published', show_archive: true },
      { title: 'Clip de cópia fechada', url: 'https://outlet.example/b', outlet: 'Folha de S.Paulo', published_on: null, language: 'pt', slug: 'clip-fechado', status: 'published', show_archive: false },
      { title: 'Clip oculto no export', url: 'https://outlet.example/c', outlet: null, published_on: null, language: 'pt', slug: 'clip-oculto', status: 'hidden', show_archive: true },
    ];
    const { data: madeClips, error: clipsError } = await b.service.from('clips' as never).insert(clips as never).select('id, slug');
    if (clipsError) throw clipsError;
    const copies = (madeClips as { id: string; slug: string }[]).map((c) => ({ clip_id: c.id, text_markdown: `Texto de ${c.slug}.`, fetched_at: new Date().toISOString() }));
    const { error: copiesError } = await b.service.from('clip_copies' as never).insert(copies as never);
    if (copiesError) throw copiesError;
    const { data } = await b.service.from('blog_posts').select('id, title, language, slug, published');
    published = data!.filter((p) => p.published && p.id !== scheduled.id);
    drafts = data!.filter((p) => !p.published);
    renamed = { post: published.find((p) => p.id === first!.id)!, old: addressOf(first!) };
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
    for (const post of published) {
      // At its address (issue 23): pt/<slug>/index.html or en/<slug>/index.html.
      const page = doc(`${addressOf(post).slice(1)}/index.html`);
      expect(page.querySelector('h1')?.textContent).toBe(post.title);
      expect(page.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(`${SITE_URL}${addressOf(post)}`);
      expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE_URL}${addressOf(post)}`);
      expect(existsSync(path.join(out, 'og', 'post', `${post.id}.png`))).toBe(true);
      // Static data may be old: the browser refreshes it after hydrating.
      expect(JSON.parse(page.getElementById('ssr-state')!.textContent!)).toMatchObject({
        routeId: post.language === 'pt' ? 'post-pt' : 'post-en',
        params: { slug: post.slug },
        live: false,
      });
    }
    const postDirs = (language: string) =>
      readdirSync(path.join(out, language), { withFileTypes: true })
        .filter((d) => d.isDirectory() && !['publicacoes', 'published-work', 'busca', 'search'].includes(d.name))
        .map((d) => d.name);
    // The posts, and the one old address (a redirect page); beside them her published work's lists (issue 43) and the search pages (issue 44).
    expect(postDirs('pt').sort()).toEqual([...published.filter((p) => p.language === 'pt').map((p) => p.slug), renamed.old.slice('/pt/'.length)].sort());
    expect(postDirs('en').sort()).toEqual(published.filter((p) => p.language === 'en').map((p) => p.slug).sort());
  });

  it('writes a redirect page at every old address: /post/<id> and an old slug', () => {
    const redirectsTo = (file: string, address: string) => {
      const page = doc(file);
      expect(page.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content'), file).toBe(`0; url=${address}`);
      expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href'), file).toBe(`${SITE_URL}${address}`);
      expect(page.querySelector('a')?.getAttribute('href'), file).toBe(address);
      // No script: the refresh works without JavaScript, and the page can run nothing.
      expect(page.querySelectorAll('script')).toHaveLength(0);
    };
    expect(readdirSync(path.join(out, 'post')).sort()).toEqual(published.map((p) => p.id).sort());
    for (const post of published) redirectsTo(`post/${post.id}/index.html`, addressOf(post));
    redirectsTo(`${renamed.old.slice(1)}/index.html`, addressOf(renamed.post));
  });

  it('writes _redirects, / to /pt and a permanent redirect per old address, for Netlify and Cloudflare Pages', () => {
    const [root, ...lines] = read('_redirects').trim().split('\n');
    expect(root).toBe('/ /pt 302');
    expect(lines.sort()).toEqual(
      [...published.map((p) => `/post/${p.id} ${addressOf(p)} 301`), `${renamed.old} ${addressOf(renamed.post)} 301`].sort(),
    );
  });

  it('writes the 404 page, the client-only shells and the redirect of /', () => {
    expect(doc('404.html').querySelector('h1')?.textContent).toBe('Oops! Page not found');
    for (const shell of ['auth/index.html', 'admin/index.html']) {
      expect(doc(shell).getElementById('root')?.children).toHaveLength(0);
    }
    expect(doc('index.html').querySelector('meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=/pt');
  });

  it("writes the newsletter's pages as client-rendered shells that no search engine keeps and no link's Referer carries", () => {
    for (const page of ['newsletter/subscribe/index.html', 'newsletter/confirm/index.html', 'newsletter/unsubscribe/index.html']) {
      const html = doc(page);
      expect(html.getElementById('root')?.children, page).toHaveLength(0);
      expect(html.querySelector('meta[name="robots"]')?.getAttribute('content'), page).toContain('noindex');
      expect(html.querySelector('meta[name="referrer"]')?.getAttribute('content'), page).toBe('no-referrer');
    }
  });

  it("writes the review link's page (issue 26) as a client-rendered shell: no draft in it, no description, never indexed, no Referer", () => {
    const html = doc('preview/index.html');
    expect(html.getElementById('root')?.children).toHaveLength(0);
    expect(html.getElementById('ssr-state')).toBeNull();
    expect(html.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(html.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    expect(html.querySelector('meta[name="description"]')).toBeNull();
    expect(html.querySelectorAll('meta[property^="og:"], script[type="application/ld+json"]')).toHaveLength(0);
    for (const hidden of drafts) expect(read('preview/index.html')).not.toContain(hidden.title);
    // The browser reads the post from the project with the token of its address.
    const assets = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.some((f) => read(`assets/${f}`).includes('review_post'))).toBe(true);
  });

  it('writes her published work: both lists, the copy she shows (and no other), and both clips feeds', async () => {
    const list = doc('pt/publicacoes/index.html');
    expect(list.querySelector('h1')?.textContent).toBe('Publicações');
    expect(list.body.textContent).toContain('Clip com cópia exportada');
    expect(list.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE_URL}/pt/publicacoes`);
    expect(doc('en/published-work/index.html').querySelector('h1')?.textContent).toBe('Published work');
    const copy = doc('pt/publicacoes/clip-com-copia/index.html');
    expect(copy.querySelector('aside')?.textContent).toContain('Publicado originalmente em Folha de S.Paulo, 5 de março de 2014.');
    expect(existsSync(path.join(out, 'pt/publicacoes/clip-fechado'))).toBe(false);
    expect(existsSync(path.join(out, 'pt/publicacoes/clip-oculto'))).toBe(false);
    const feed = await new Parser().parseString(read('pt/publicacoes/rss.xml'));
    expect(feed.items.map((i) => i.title)).toEqual(['Clip com cópia exportada (Folha de S.Paulo)', 'Clip de cópia fechada (Folha de S.Paulo)']);
    expect(read('en/published-work/rss.xml')).toContain('<title>Published work');
    expect(read('sitemap.xml')).toContain(`<loc>${SITE_URL}/en/published-work</loc>`);
  });

  it('writes feeds, sitemap, robots.txt and the home cards for the site address', async () => {
    const feed = await new Parser().parseString(read('pt/rss.xml'));
    expect(feed.link).toBe(`${SITE_URL}/pt`);
    expect(feed.items.map((i) => i.link).sort()).toEqual(published.filter((p) => p.language === 'pt').map((p) => `${SITE_URL}${addressOf(p)}`).sort());
    const sitemap = new XMLParser().parse(read('sitemap.xml')) as { urlset: { url: { loc: string }[] } };
    // After the two homes, the two published-work lists (issue 43), then the posts.
    expect(sitemap.urlset.url.map((u) => u.loc).slice(2, 4)).toEqual([`${SITE_URL}/pt/publicacoes`, `${SITE_URL}/en/published-work`]);
    expect(sitemap.urlset.url.map((u) => u.loc).slice(4).sort()).toEqual(published.map((p) => `${SITE_URL}${addressOf(p)}`).sort());
    expect(read('robots.txt')).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    for (const card of ['og/pt.png', 'og/en.png']) expect(readFileSync(path.join(out, card)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('builds the browser bundle for the project, and ships no server code, no draft and no scheduled post', () => {
    const assets = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.some((f) => read(`assets/${f}`).includes(b.url))).toBe(true);
    // Its pages count their views as the site's do (issue 27): the same beacon, to the project's record_view.
    expect(assets.some((f) => read(`assets/${f}`).includes('rest/v1/rpc/record_view'))).toBe(true);
    expect(existsSync(path.join(out, '.ssr'))).toBe(false);
    // No source maps in what is served (npm run dev has its own).
    expect(readdirSync(path.join(out, 'assets')).filter((f) => f.includes('.map'))).toEqual([]);
    const everything = ['pt/index.html', 'en/index.html', 'pt/rss.xml', 'en/rss.xml', 'sitemap.xml', '_redirects'].map(read).join('\n');
    for (const hidden of [...drafts, scheduled]) {
      expect(everything).not.toContain(hidden.id);
      expect(everything).not.toContain(hidden.title);
      expect(everything).not.toContain(addressOf(hidden));
      expect(existsSync(path.join(out, 'post', hidden.id))).toBe(false);
      expect(existsSync(path.join(out, hidden.language, hidden.slug))).toBe(false);
    }
  });
});
