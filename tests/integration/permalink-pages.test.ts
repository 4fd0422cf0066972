/**
 * Worded addresses on the real backend and its server-rendered site (issue
 * 23): a post at /pt/<slug> or /en/<slug>; /post/<id> and every slug a post
 * had while published answer a permanent redirect to its address, for good;
 * drafts, scheduled posts and unknown slugs are 404; nothing already under
 * /pt (the feed, ?page=, ?category=) is shadowed by a slug.
 */
import { JSDOM } from 'jsdom';
import { targets, useBackend, type Backend, type TestUser } from './harness.ts';

interface Answer {
  status: number;
  location: string | null;
  type: string | null;
  body: string;
}

async function get(b: Backend, path: string): Promise<Answer> {
  const res = await fetch(`${b.url}${path}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), type: res.headers.get('content-type'), body: await res.text() };
}

const documentOf = (html: string) => new JSDOM(html).window.document;
const stateOf = (doc: Document) => JSON.parse(doc.getElementById('ssr-state')!.textContent!) as { routeId: string };

describe.each(targets)('post addresses on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin();
  });

  async function publish(fields: { title: string; language?: string; slug?: string; date?: string; published?: boolean }) {
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({ language: 'pt', published: true, ...fields })
      .select('id, slug, language')
      .single();
    if (error) throw error;
    return data;
  }

  it('the seeded posts live at worded addresses, accents folded, in their language', async () => {
    const expected = [
      ['/pt/comunicacao-interna-tambem-e-noticia', 'Comunicação interna também é notícia'],
      ['/pt/as-primeiras-horas-de-uma-crise', 'As primeiras horas de uma crise'],
      ['/en/the-first-hours-of-a-crisis', 'The first hours of a crisis'],
      ['/en/what-journalists-actually-want-from-your-press-office', 'What journalists actually want from your press office'],
    ];
    for (const [path, title] of expected) {
      const res = await get(b, path!);
      expect(res.status, path).toBe(200);
      const doc = documentOf(res.body);
      expect(doc.querySelector('h1')?.textContent).toBe(title);
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${b.url}${path}`);
    }
    // Every published post of the demo, at its own address.
    const { data: posts } = await b.anon().from('blog_posts').select('slug, language, title');
    expect(posts!.length).toBeGreaterThan(8);
    for (const post of posts!) {
      const res = await get(b, `/${post.language}/${post.slug}`);
      expect(res.status, post.slug).toBe(200);
      expect(documentOf(res.body).querySelector('h1')?.textContent).toBe(post.title);
    }
  });

  it("/post/<id> answers 301 to the post's address, which opens the post", async () => {
    const { data: posts } = await b.anon().from('blog_posts').select('id, slug, language');
    for (const post of posts!) {
      const res = await get(b, `/post/${post.id}`);
      expect(res.status, post.id).toBe(301);
      expect(res.location).toBe(`/${post.language}/${post.slug}`);
      // No page, a short text.
      expect(res.type).toBe('text/plain; charset=utf-8');
      expect(res.body.length).toBeLessThan(200);
    }
    const followed = await fetch(`${b.url}/post/${posts![0]!.id}`);
    expect(followed.status).toBe(200);
    expect(new URL(followed.url).pathname).toBe(`/${posts![0]!.language}/${posts![0]!.slug}`);
  });

  it('an old slug answers 301 to the current address, for good, also after a second change', async () => {
    const post = await publish({ title: 'Primeiro título do endereço' });
    expect(post.slug).toBe('primeiro-titulo-do-endereco');
    expect((await get(b, '/pt/primeiro-titulo-do-endereco')).status).toBe(200);

    const rename = async (slug: string) => {
      const { error } = await admin.client.from('blog_posts').update({ slug }).eq('id', post.id);
      if (error) throw error;
    };
    await rename('segundo-endereco');
    expect(await get(b, '/pt/primeiro-titulo-do-endereco')).toMatchObject({ status: 301, location: '/pt/segundo-endereco' });
    expect((await get(b, '/pt/segundo-endereco')).status).toBe(200);

    await rename('terceiro-endereco');
    // Each old address leads straight to the current one: no chain of hops.
    for (const old of ['/pt/primeiro-titulo-do-endereco', '/pt/segundo-endereco', `/post/${post.id}`]) {
      expect(await get(b, old), old).toMatchObject({ status: 301, location: '/pt/terceiro-endereco' });
    }
    expect((await get(b, '/pt/terceiro-endereco')).status).toBe(200);
    // An edit of something else keeps them so.
    await admin.client.from('blog_posts').update({ excerpt: 'Outra coisa.' }).eq('id', post.id);
    expect(await get(b, '/pt/primeiro-titulo-do-endereco')).toMatchObject({ status: 301, location: '/pt/terceiro-endereco' });

    // Unpublished, it has no address at all, old or new.
    await admin.client.from('blog_posts').update({ published: false }).eq('id', post.id);
    for (const path of ['/pt/primeiro-titulo-do-endereco', '/pt/terceiro-endereco', `/post/${post.id}`]) {
      expect((await get(b, path)).status, path).toBe(404);
    }
    await admin.client.from('blog_posts').delete().eq('id', post.id);
  });

  it("an unknown slug, a draft's and a scheduled post's answer 404, and so do their /post/<id> and old slugs", async () => {
    const draft = await publish({ title: 'Rascunho com endereço', published: false });
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
    const scheduled = await publish({ title: 'Agendado com endereço', date: inTwoDays });
    const { error } = await admin.client.from('blog_posts').update({ slug: 'agendado-outro-endereco' }).eq('id', scheduled.id);
    if (error) throw error;
    const paths = [
      '/pt/nenhum-post-tem-este-endereco',
      `/pt/${draft.slug}`,
      `/post/${draft.id}`,
      '/pt/agendado-com-endereco',
      '/pt/agendado-outro-endereco',
      `/post/${scheduled.id}`,
    ];
    for (const path of paths) {
      const res = await get(b, path);
      expect(res.status, path).toBe(404);
      expect(documentOf(res.body).querySelector('h1')?.textContent).toBe('Post não encontrado');
      expect(res.body).not.toContain('com endereço');
    }
    await admin.client.from('blog_posts').delete().in('id', [draft.id, scheduled.id]);
  });

  it('an address in one language is not a post of the other', async () => {
    for (const path of ['/en/as-primeiras-horas-de-uma-crise', '/pt/the-first-hours-of-a-crisis']) {
      const res = await get(b, path);
      expect(res.status, path).toBe(404);
      // The post page's own answer, not the site's unknown-path page.
      expect(documentOf(res.body).querySelector('h1')?.textContent).toBe('Post não encontrado');
    }
  });

  it('/pt/rss.xml, /pt?page=2 and /pt?category= stay what they were: no slug can take their place', async () => {
    // Titles that would be those words get another slug; a typed one is refused.
    const posts = await Promise.all(['RSS', 'rss.xml', 'Page', 'Category', 'Sitemap'].map((title) => publish({ title })));
    for (const post of posts) {
      expect(['rss', 'page', 'category', 'sitemap', 'rss.xml']).not.toContain(post.slug);
      expect((await get(b, `/pt/${post.slug}`)).status, post.slug).toBe(200);
    }
    const typed = await admin.client.from('blog_posts').update({ slug: 'rss' }).eq('id', posts[0]!.id);
    expect(typed.error?.code).toBe('23505');

    const feed = await get(b, '/pt/rss.xml');
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('application/rss+xml; charset=utf-8');
    for (const path of ['/pt?page=2', '/pt?category=Rela%C3%A7%C3%B5es%20com%20M%C3%ADdia', '/en?category=Crisis%20Communication']) {
      const res = await get(b, path);
      expect(stateOf(documentOf(res.body)).routeId, path).toBe(path.startsWith('/pt') ? 'home-pt' : 'home-en');
    }
    await admin.client.from('blog_posts').delete().in('id', posts.map((p) => p.id));
  });
});
