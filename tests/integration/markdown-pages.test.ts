/**
 * Posts written in Markdown (issue 12), server-rendered by the local backend
 * on PGlite and PostgreSQL: what a reader without JavaScript, a crawler or a
 * preview bot gets is the formatted text, with its hostile parts inert.
 */
import { JSDOM } from 'jsdom';
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('Markdown posts on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin();
  });

  /** The page at the post's address (issue 23). */
  async function pageOf(post: { language: string; slug: string }): Promise<Document> {
    const res = await fetch(`${b.url}/${post.language}/${post.slug}`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    return new JSDOM(await res.text()).window.document;
  }
  const articleOf = async (post: { language: string; slug: string }) => (await pageOf(post)).querySelector('article')!;

  it('a post written in Markdown arrives formatted, and its hostile parts inert', async () => {
    const content = [
      '## Os bastidores',
      'Um **texto** com [fonte](https://example.com/fonte) e [isca](javascript:alert(1)).',
      '> Uma citação',
      '- um\n- dois',
      '![Coletiva](https://images.example.com/c.jpg)',
      '<img src=x onerror=alert(1)>',
    ].join('\n\n');
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({ title: 'Markdown no servidor', language: 'pt', published: true, content })
      .select('language, slug')
      .single();
    expect(error).toBeNull();
    const doc = await pageOf(data!);
    const article = doc.querySelector('article')!;
    expect(article.querySelector('h2')!.textContent).toBe('Os bastidores');
    // Without an excerpt, previews describe the post by its words, not its Markdown.
    expect(doc.querySelector('meta[name="description"]')!.getAttribute('content')).toMatch(/^Os bastidores Um texto com fonte e isca\. Uma citação um dois/);
    expect(article.querySelector('strong')!.textContent).toBe('texto');
    expect(article.querySelector('blockquote')!.textContent).toBe('Uma citação');
    expect([...article.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['um', 'dois']);
    const source = article.querySelector('a[href="https://example.com/fonte"]')!;
    expect(source.getAttribute('rel')).toBe('noopener noreferrer');
    expect([...article.querySelectorAll('a')].some((a) => /^javascript:/i.test(a.getAttribute('href') ?? ''))).toBe(false);
    expect(article.textContent).toContain('isca');
    const images = [...article.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Coletiva']);
    expect(images[0]!.getAttribute('loading')).toBe('lazy');
    expect(article.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('a plain-text post written before Markdown keeps its paragraphs and line breaks', async () => {
    const content = 'Primeiro parágrafo,\nna linha de baixo.\n\nSegundo parágrafo.';
    const { data } = await admin.client.from('blog_posts').insert({ title: 'Texto simples', language: 'pt', published: true, content }).select('language, slug').single();
    const article = await articleOf(data!);
    const paragraphs = [...article.querySelectorAll('p')].filter((p) => /parágrafo/.test(p.textContent ?? ''));
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.querySelectorAll('br')).toHaveLength(1);
  });

  it("a cover's description is its alt text on the page and in link previews; without one, the title", async () => {
    const image_url = 'https://images.example.com/sala.jpg';
    const { data } = await admin.client
      .from('blog_posts')
      .insert([
        { title: 'Com descrição', language: 'pt', published: true, image_url, image_alt: 'Sala de imprensa lotada' },
        { title: 'Sem descrição', language: 'pt', published: true, image_url },
      ])
      .select('language, slug');
    const [described, plain] = (await Promise.all(data!.map((p) => pageOf(p)))) as [Document, Document];
    expect(described.querySelector(`article img[src="${image_url}"]`)!.getAttribute('alt')).toBe('Sala de imprensa lotada');
    expect(described.querySelector('meta[property="og:image:alt"]')!.getAttribute('content')).toBe('Sala de imprensa lotada');
    expect(plain.querySelector(`article img[src="${image_url}"]`)!.getAttribute('alt')).toBe('Sem descrição');
  });
});
