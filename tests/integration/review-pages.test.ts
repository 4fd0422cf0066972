/**
 * Review links' pages (issue 26) over HTTP on the real backend, PGlite and
 * PostgreSQL: /preview?token=… shows the post as it stands, under the
 * banner, out of search results and link previews, kept by no cache and
 * sent as Referer nowhere; every token that leads nowhere (wrong, malformed,
 * expired, revoked, post deleted) gets one and the same 404; a save shows at
 * once; the review's post appears in no listing, feed or sitemap.
 */
import { JSDOM } from 'jsdom';
import { paths } from '../../src/lib/paths.ts';
import { targets, useBackend, type Backend, type TestUser } from './harness.ts';

interface Fetched {
  status: number;
  headers: Headers;
  html: string;
  doc: Document;
}

async function get(b: Backend, path: string): Promise<Fetched> {
  const res = await fetch(`${b.url}${path}`, { redirect: 'manual' });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, doc: new JSDOM(html).window.document };
}

const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;

/** Every header but the date, which is the only one allowed to differ between two answers. */
const headersOf = (r: Fetched) => [...r.headers].filter(([name]) => name !== 'date');

describe.each(targets)('review pages on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin();
  });

  async function draft(title: string, language: 'pt' | 'en' = 'pt') {
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({
        title, language, published: false,
        excerpt: `Resumo secreto de ${title}`,
        content: `O texto de **${title}** ainda em revisão.`,
        category: language === 'pt' ? 'Outros' : 'Others',
        image_url: 'https://images.example.com/rascunho.jpg',
      })
      .select('id, title, slug, language, updated_at')
      .single();
    if (error) throw error;
    return data;
  }

  async function link(postId: string, days = 7): Promise<{ id: string; token: string }> {
    const { data, error } = await admin.client.rpc('create_review_link', { post_id: postId, days }).single();
    if (error) throw error;
    return data;
  }

  it('shows the draft as it will be published, under the banner, with nothing for search engines or link previews', async () => {
    const post = await draft('Nota à imprensa do cliente');
    const { token } = await link(post.id);
    const r = await get(b, paths.preview(token));
    expect(r.status).toBe(200);
    expect(r.doc.querySelector('h1')?.textContent).toBe(post.title);
    expect(r.doc.querySelector('article')?.textContent).toContain(`O texto de ${post.title} ainda em revisão.`);
    expect(r.doc.querySelector('main')?.textContent).toContain('Prévia — não publicado');
    expect(r.doc.documentElement.lang).toBe('pt-BR');
    // The head: the title, and nothing that describes, previews or indexes the draft.
    expect(r.doc.title).toBe(post.title);
    expect(meta(r.doc, 'robots')).toBe('noindex, nofollow');
    expect(meta(r.doc, 'referrer')).toBe('no-referrer');
    expect(meta(r.doc, 'description')).toBeNull();
    expect(r.doc.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"], meta[property^="article:"]')).toHaveLength(0);
    expect(r.doc.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(r.doc.querySelector('link[rel="canonical"], link[rel="alternate"]')).toBeNull();
    // The answer: never indexed, never kept, never sent on as Referer.
    expect(r.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('etag')).toBeNull();
    // The token is in the address only: neither the markup nor the page's data repeats it.
    expect(r.html).not.toContain(token);
    expect(JSON.parse(r.doc.getElementById('ssr-state')!.textContent!)).toMatchObject({ routeId: 'preview', params: {} });
  });

  it('speaks the post\'s language: an English draft has the English banner', async () => {
    const post = await draft('Client statement draft', 'en');
    const r = await get(b, paths.preview((await link(post.id)).token));
    expect(r.status).toBe(200);
    expect(r.doc.documentElement.lang).toBe('en-US');
    expect(r.doc.querySelector('main')?.textContent).toContain('Preview — not published');
    expect(r.doc.querySelector('main')?.textContent).not.toContain('Prévia');
  });

  it('shows her save at once: nothing of the page is kept', async () => {
    const post = await draft('Artigo de opinião em revisão');
    const { token } = await link(post.id);
    expect((await get(b, paths.preview(token))).doc.querySelector('h1')?.textContent).toBe(post.title);
    const { error } = await admin.client.from('blog_posts').update({ title: 'Artigo de opinião, segunda versão' }).eq('id', post.id);
    expect(error).toBeNull();
    expect((await get(b, paths.preview(token))).doc.querySelector('h1')?.textContent).toBe('Artigo de opinião, segunda versão');
  });

  it('brings an odd form of the address (/preview/, //preview) to its one form with a redirect no cache keeps', async () => {
    const post = await draft('Comunicado em revisão');
    const { token } = await link(post.id);
    for (const odd of [`/preview/?token=${token}`, `//preview?token=${token}`]) {
      const moved = await get(b, odd);
      expect([301, 308], odd).toContain(moved.status);
      expect(moved.headers.get('location'), odd).toBe(paths.preview(token));
      expect(moved.headers.get('cache-control'), odd).toBe('no-store');
      expect(moved.headers.get('referrer-policy'), odd).toBe('no-referrer');
      expect(moved.headers.get('x-content-type-options'), odd).toBe('nosniff');
    }
  });

  it('answers one and the same 404 for a wrong, malformed, expired or revoked token and a deleted post', async () => {
    const expiring = await draft('Rascunho que expira');
    const expired = await link(expiring.id);
    const revokedPost = await draft('Rascunho revogado');
    const revoked = await link(revokedPost.id);
    const deletedPost = await draft('Rascunho apagado');
    const deleted = await link(deletedPost.id);
    // Each is alive first: what follows kills it.
    for (const live of [expired, revoked, deleted]) expect((await get(b, paths.preview(live.token))).status).toBe(200);

    await b.sql(`update public.blog_post_review_links set expires_at = now() - interval '1 second' where id = $1`, [expired.id]);
    expect((await admin.client.from('blog_post_review_links').delete().eq('id', revoked.id)).error).toBeNull();
    expect((await admin.client.from('blog_posts').delete().eq('id', deletedPost.id)).error).toBeNull();

    const answers = await Promise.all(
      [
        paths.preview('0'.repeat(64)), // well-formed, no such link
        paths.preview('not-a-token'),
        paths.preview(expired.token.toUpperCase()),
        paths.preview(expired.token),
        paths.preview(revoked.token),
        paths.preview(deleted.token),
        '/preview',
      ].map((path) => get(b, path)),
    );
    const [first] = answers;
    expect(first!.status).toBe(404);
    expect(first!.doc.querySelector('h1')?.textContent).toBe('Post não encontrado');
    expect(meta(first!.doc, 'robots')).toBe('noindex, nofollow');
    expect(first!.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(first!.headers.get('cache-control')).toBe('no-store');
    expect(first!.headers.get('referrer-policy')).toBe('no-referrer');
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.html).toBe(first!.html);
      expect(headersOf(answer)).toEqual(headersOf(first!));
    }
    for (const { token } of [expired, revoked, deleted]) expect(answers.some((a) => a.html.includes(token))).toBe(false);
    for (const title of [expiring.title, revokedPost.title, deletedPost.title]) expect(first!.html).not.toContain(title);
  });

  it('puts the post under review in no listing, feed or sitemap, and the review address nowhere', async () => {
    const post = await draft('Rascunho só para o cliente');
    const { token } = await link(post.id);
    expect((await get(b, paths.preview(token))).status).toBe(200);
    const everything = (
      await Promise.all(['/pt', '/en', '/pt/rss.xml', '/en/rss.xml', '/sitemap.xml', '/robots.txt'].map(async (path) => (await get(b, path)).html))
    ).join('\n');
    expect(everything).not.toContain(post.title);
    expect(everything).not.toContain(post.slug);
    expect(everything).not.toContain(post.id);
    expect(everything).not.toContain('/preview');
    expect((await get(b, `/pt/${post.slug}`)).status).toBe(404);
  });
});
