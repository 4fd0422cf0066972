/**
 * The search pages (issue 44) as the server renders them, what a reader
 * without JavaScript gets: /pt/busca?q=… and /en/search?q=… with marked
 * results, the other language's count, pages of ten, the no-result page
 * with the categories, noindex and a title with the query, kept by no
 * cache; and every hostile query answered with a normal page.
 */
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { targets, useBackend, type Backend } from './harness.ts';

async function page(b: Backend, path: string) {
  const res = await fetch(`${b.url}${path}`, { redirect: 'manual' });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, doc: new JSDOM(html).window.document };
}

const word = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
const results = (doc: Document) => [...doc.querySelectorAll('main ol > li')];

describe.each(targets)('search pages on $name', (target) => {
  const b = useBackend(target, { site: true });
  const tag = word();
  let post: { id: string; slug: string };

  beforeAll(async () => {
    const made = await b.service
      .from('blog_posts')
      .insert({
        title: `Comunicação de crise <img src=x onerror=alert(1)> ${tag}`,
        excerpt: 'Quando a crise chega, a primeira hora decide.',
        content: 'Texto com **negrito** e [um link](https://exemplo.com) sobre gestão de crises.',
        language: 'pt',
        category: 'Comunicação de Crise',
        published: true,
        date: '2024-03-15T15:00:00Z',
      })
      .select('id, slug')
      .single();
    if (made.error) throw new Error(made.error.message);
    post = made.data!;
  });

  it('finds a post without accents, marks the words as written, and links to it', async () => {
    const { status, headers, doc } = await page(b, `/pt/busca?q=${encodeURIComponent(`comunicacao de crises ${tag}`)}`);
    expect(status).toBe(200);
    expect(doc.title).toBe(`“comunicacao de crises ${tag}” — Busca`);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(headers.get('x-robots-tag')).toContain('noindex');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(doc.querySelector('[role="status"]')?.textContent).toBe(`1 resultado para “comunicacao de crises ${tag}”`);
    const [item] = results(doc);
    const link = item!.querySelector('h2 a')!;
    expect(link.getAttribute('href')).toBe(`/pt/${post.slug}`);
    expect([...link.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Comunicação', 'crise', tag]);
    // The post's own markup is its text, never an element of the page.
    expect(item!.querySelector('img')).toBeNull();
    expect(link.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(item!.textContent).toContain('Post');
    expect(item!.textContent).toContain('Comunicação de Crise');
    expect(item!.querySelector('time')?.getAttribute('datetime')).toMatch(/^2024-03-15/);
    const passage = item!.querySelector('article > p:last-child')!;
    expect(passage.querySelectorAll('mark').length).toBeGreaterThan(0);
    expect(passage.textContent).not.toMatch(/\*\*|\]\(https/);
  });

  it('the English page lists English results and links to the Portuguese ones', async () => {
    const { doc } = await page(b, `/en/search?q=${tag}`);
    expect(doc.documentElement.lang).toBe('en-US');
    expect(doc.querySelector('[role="status"]')?.textContent).toBe(`No results for “${tag}”`);
    const other = [...doc.querySelectorAll('main a')].find((a) => a.textContent === '1 result in Portuguese');
    expect(other?.getAttribute('href')).toBe(`/pt/busca?q=${tag}`);
  });

  it('no match: a clear sentence and the categories as suggestions', async () => {
    const none = word();
    const { status, doc } = await page(b, `/pt/busca?q=${none}`);
    expect(status).toBe(200);
    expect(doc.querySelector('[role="status"]')?.textContent).toBe(`Nenhum resultado para “${none}”`);
    const suggestions = [...doc.querySelectorAll('main ul a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(suggestions.map(([label]) => label)).toEqual(['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros']);
    expect(suggestions[1]![1]).toBe('/pt?category=Comunica%C3%A7%C3%A3o+de+Crise#blog');
  });

  it('an empty query shows the box only', async () => {
    const { status, doc } = await page(b, '/pt/busca');
    expect(status).toBe(200);
    expect(doc.title).toBe('Busca');
    expect(doc.querySelector('main form[role="search"][action="/pt/busca"][method="get"] input[name="q"]')).not.toBeNull();
    expect(doc.querySelector('[role="status"]')?.textContent).toBe('');
    expect(results(doc)).toHaveLength(0);
  });

  it('ten a page, with plain links to the next and back', async () => {
    const many = word();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      title: `Página ${i} ${many}`, language: 'en', category: 'Others', published: true, date: new Date(Date.UTC(2023, 0, 1 + i)).toISOString(),
    }));
    const { error } = await b.service.from('blog_posts').insert(rows);
    expect(error).toBeNull();
    const first = await page(b, `/en/search?q=${many}`);
    expect(results(first.doc)).toHaveLength(10);
    expect(first.doc.querySelector('a[rel="next"]')?.getAttribute('href')).toBe(`/en/search?q=${many}&page=2`);
    const second = await page(b, `/en/search?q=${many}&page=2`);
    expect(results(second.doc)).toHaveLength(2);
    expect(second.doc.querySelector('a[rel="next"]')).toBeNull();
    expect(second.doc.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(`/en/search?q=${many}`);
  });

  it.each([
    ['operators', encodeURIComponent(`& | ! : * ( ) < > ' " \\ % ${'x'}`)],
    ['a NUL and control characters', `%00%01%1B${'x'}%7F`],
    ['a lone surrogate, as UTF-8 no browser sends', '%ED%A0%80x'],
    ['bytes that are no UTF-8', '%FF%FEx'],
    ['a broken escape', '%E0%A4%A'],
    ['SQL', encodeURIComponent(`'; drop table public.blog_posts; --`)],
    ['10 KB', encodeURIComponent('palavra '.repeat(1300))],
    ['the parameter twice', 'a&q=b'],
  ])('%s: a normal page', async (_name, q) => {
    const { status, doc } = await page(b, `/pt/busca?q=${q}`);
    expect(status).toBe(200);
    expect(doc.querySelector('main h1')?.textContent).toBe('Busca');
    expect(doc.title.length).toBeLessThan(220);
  });
});
