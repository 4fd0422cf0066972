/**
 * The blog listing and the admin list at scale (issue 11) on the real
 * backend: pages that never repeat or skip a post (equal dates included),
 * paging inside a category, exact counts, and every published post reachable
 * from /pt through the server-rendered page links — past the API's 1,000-row
 * cap.
 */
import { JSDOM } from 'jsdom';
import { getPublishedPostsPage, POSTS_PER_PAGE } from '@/features/posts/api/get-posts';
import { createPublicDb } from '@/lib/public-db';
import { targets, useBackend, type TestUser } from './harness.ts';

const BULK = 1_130;
const SAME_DATE = '2020-01-01T12:00:00+00:00';

describe.each(targets)('paged listings on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin();
    // Many Portuguese posts with one and the same date: only the id orders them.
    const rows = Array.from({ length: BULK }, (_, i) => ({
      title: `Arquivo ${i}`,
      excerpt: `Nota ${i}`,
      content: 'Texto.',
      language: 'pt',
      category: i % 3 === 0 ? 'Outros' : 'Relações com Mídia',
      published: i % 10 !== 9,
      date: SAME_DATE,
    }));
    const { error } = await b.service.from('blog_posts').insert(rows);
    if (error) throw error;
  }, 120_000);

  // From SQL: through the API this list would stop at the 1,000-row cap.
  const publishedPt = () =>
    b.sql<{ id: string; category: string | null; slug: string }>(`select id, category, slug from public.blog_posts where language = 'pt' and published`);

  it('pages a language: no post twice, none skipped, the same order every time', async () => {
    const db = createPublicDb({ url: b.url, key: b.anonKey });
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const result = await getPublishedPostsPage(db, { language: 'pt', category: 'all', page });
      expect(result.posts.length).toBeLessThanOrEqual(POSTS_PER_PAGE);
      seen.push(...result.posts.map((p) => p.id));
      if (!result.hasMore) break;
    }
    const all = await publishedPt();
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(1000);
    // Equal dates: the same page twice is the same posts in the same order.
    const again = await getPublishedPostsPage(db, { language: 'pt', category: 'all', page: 50 });
    expect(again.posts.map((p) => p.id)).toEqual(seen.slice(49 * POSTS_PER_PAGE, 50 * POSTS_PER_PAGE));
    expect(again.posts[0]).not.toHaveProperty('content');
  }, 120_000);

  it('pages inside a category', async () => {
    const db = createPublicDb({ url: b.url, key: b.anonKey });
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const result = await getPublishedPostsPage(db, { language: 'pt', category: 'Outros', page });
      expect(result.posts.every((p) => p.category === 'Outros')).toBe(true);
      ids.push(...result.posts.map((p) => p.id));
      if (!result.hasMore) break;
    }
    const outros = (await publishedPt()).filter((p) => p.category === 'Outros');
    expect(new Set(ids)).toEqual(new Set(outros.map((p) => p.id)));
  }, 60_000);

  it('counts exactly, past the 1,000-row cap, for a visitor and for the admin', async () => {
    const visitor = await b.anon().from('blog_posts').select('id', { count: 'exact', head: true }).eq('language', 'pt');
    expect(visitor.count).toBe((await publishedPt()).length);
    const all = await admin.client.from('blog_posts').select('id', { count: 'exact', head: true }).eq('language', 'pt');
    const rows = await b.sql<{ n: number }>(`select count(*)::int as n from public.blog_posts where language = 'pt'`);
    expect(all.count).toBe(rows[0]!.n);
    expect(all.count).toBeGreaterThan(1000);
  });

  it('links every published post from /pt through its pages, for crawlers and readers without JavaScript', async () => {
    const found = new Set<string>();
    let next: string | null = '/pt';
    let pages = 0;
    while (next) {
      const res: Response = await fetch(new URL(next, b.url));
      expect(res.status, next).toBe(200);
      const doc: Document = new JSDOM(await res.text()).window.document;
      // Each card's "Leia mais" is the post's address (issue 23).
      for (const a of doc.querySelectorAll('#blog article a[href^="/pt/"]')) found.add(a.getAttribute('href')!);
      const more: Element | undefined = [...doc.querySelectorAll('nav[aria-label="Mais posts"] a')].find((a) => a.textContent?.includes('Carregar mais'));
      next = more?.getAttribute('href') ?? null;
      if (pages++ > 200) throw new Error('the page links do not end');
    }
    const all = await publishedPt();
    expect([...found].sort()).toEqual(all.map((p) => `/pt/${p.slug}`).sort());
    // Past the last page: 404, out of search results.
    const past = await fetch(`${b.url}/pt?page=${pages + 5}`);
    expect(past.status).toBe(404);
    expect(await past.text()).toContain('noindex');
  }, 180_000);

  it('gives a listing page its own title and canonical, and links back to the newest posts', async () => {
    const doc = new JSDOM(await (await fetch(`${b.url}/pt?page=2&utm_source=x`)).text()).window.document;
    expect(doc.title).toBe('Jornalista & Profissional de RP · página 2');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${b.url}/pt?page=2`);
    expect(doc.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(0);
    expect(doc.querySelector('nav[aria-label="Mais posts"] a')?.getAttribute('href')).toBe('/pt#blog');
    expect(doc.querySelectorAll('#blog article')).toHaveLength(POSTS_PER_PAGE);
  });

  it('the sitemap lists every published post past the 1,000-row cap', async () => {
    const body = await (await fetch(`${b.url}/sitemap.xml`)).text();
    // Each post at its address, /pt/<slug> or /en/<slug> (issue 23); her published work's lists beside them (issue 43).
    const posts = (body.match(/<loc>[^<]*\/(pt|en)\/[a-z0-9-]+<\/loc>/g) ?? []).filter((loc) => !/\/(publicacoes|published-work)</.test(loc)).length;
    const published = await b.service.from('blog_posts').select('id', { count: 'exact', head: true }).eq('published', true);
    expect(posts).toBe(published.count);
  });
});
