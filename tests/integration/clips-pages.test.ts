/**
 * Her published work's public pages (issue 43) on the real backend, read as a
 * crawler or a reader without JavaScript reads them: /pt/publicacoes and
 * /en/published-work (entries, featured first, filters and pages as plain
 * links, JSON-LD), the archived copy with its banner and canonical, the
 * clips' feeds, the sitemap, the home's section and header link. Hidden
 * clips and copies she does not show never appear.
 */
import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { targets, useBackend, type Backend } from './harness.ts';

async function page(b: Backend, path: string) {
  const res = await fetch(`${b.url}${path}`, { redirect: 'manual' });
  const html = await res.text();
  return { status: res.status, html, doc: new JSDOM(html).window.document };
}

const jsonLd = (doc: Document) => JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
const entryTitles = (doc: Document) => [...doc.querySelectorAll('main ol article h2')].map((h) => h.textContent);

interface ClipSeed {
  title: string;
  url?: string | null;
  kind?: 'web' | 'print';
  outlet?: string;
  byline?: string;
  published_on?: string;
  language?: 'pt' | 'en';
  summary?: string;
  status?: 'published' | 'hidden';
  featured?: boolean;
  show_archive?: boolean;
  file_path?: string;
  link_status?: string;
  image_url?: string;
  slug?: string;
}

async function addClip(b: Backend, seed: ClipSeed, copy?: string): Promise<{ id: string; slug: string }> {
  const { data, error } = await b.service
    .from('clips' as never)
    .insert({ language: 'pt', slug: '', ...seed } as never)
    .select('id, slug')
    .single();
  if (error) throw error;
  const row = data as { id: string; slug: string };
  if (copy !== undefined) {
    const { error: copyError } = await b.service
      .from('clip_copies' as never)
      .insert({ clip_id: row.id, text_markdown: copy, fetched_at: new Date().toISOString() } as never);
    if (copyError) throw copyError;
  }
  return row;
}

describe.each(targets)('published work pages on $name', (target) => {
  const b = useBackend(target, { site: true });
  let shown: { id: string; slug: string };
  let dead: { id: string; slug: string };
  let closed: { id: string; slug: string };
  let hidden: { id: string; slug: string };

  beforeAll(async () => {
    shown = await addClip(
      b,
      {
        title: 'Crise hídrica chega às torneiras',
        url: 'http://127.0.0.1:9/folha/crise-hidrica',
        outlet: 'Folha de S.Paulo',
        byline: 'Ana Repórter',
        published_on: '2014-03-05',
        summary: 'Reportagem sobre a falta de água em São Paulo.',
        show_archive: true,
        link_status: 'ok',
      },
      'Primeiro parágrafo da **reportagem**.\n\n<script>alert(1)</script><img src="http://127.0.0.1:9/outlet.png" onerror="alert(2)">\n\nSegundo parágrafo.',
    );
    dead = await addClip(
      b,
      {
        title: 'Vanished newsroom story',
        url: 'http://127.0.0.1:9/gone/story',
        outlet: 'The Gone Gazette',
        byline: 'A. Reporter',
        published_on: '2019-11-20',
        language: 'en',
        show_archive: true,
        link_status: 'dead',
      },
      'The story, kept.',
    );
    closed = await addClip(
      b,
      { title: 'Cópia que ela não mostra', url: 'http://127.0.0.1:9/estadao/x', outlet: 'Estadão', published_on: '2020-01-02' },
      'Texto guardado só para ela.',
    );
    hidden = await addClip(b, { title: 'Publicação oculta', url: 'http://127.0.0.1:9/oculta', outlet: 'Estadão', status: 'hidden', show_archive: true }, 'Oculta.');
    await addClip(b, { title: 'Página impressa de 1998', kind: 'print', url: null, file_path: 'print/abc123.pdf', outlet: 'Jornal do Brasil', published_on: '1998-07-14' });
    await addClip(b, { title: 'Destaque antigo', url: 'http://127.0.0.1:9/veja/destaque', outlet: 'Veja', published_on: '2001-01-01', featured: true });
    for (let i = 0; i < 21; i++) {
      await addClip(b, { title: `Nota ${String(i).padStart(2, '0')}`, url: `http://127.0.0.1:9/agencia/${i}`, outlet: 'Agência Brasil', published_on: `2022-02-${String(i + 1).padStart(2, '0')}` });
    }
  });

  it('/pt/publicacoes lists published clips, featured first then newest, with outlet, date in Portuguese, summary and the original', async () => {
    const { status, doc, html } = await page(b, '/pt/publicacoes');
    expect(status).toBe(200);
    expect(doc.documentElement.lang).toBe('pt-BR');
    expect(doc.querySelector('h1')?.textContent).toBe('Publicações');
    const titles = entryTitles(doc);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Destaque antigo');
    expect(titles[1]).toBe('Nota 20');
    expect(html).not.toContain('Publicação oculta');
    // The next page: a plain link, and the rest there.
    const next = doc.querySelector<HTMLAnchorElement>('a[rel="next"]')!;
    expect(next.getAttribute('href')).toBe('/pt/publicacoes?pagina=2');
    const second = await page(b, '/pt/publicacoes?pagina=2');
    const rest = entryTitles(second.doc);
    expect(rest).toEqual(['Nota 01', 'Nota 00', 'Cópia que ela não mostra', 'Vanished newsroom story', 'Crise hídrica chega às torneiras', 'Página impressa de 1998']);
    const entry = [...second.doc.querySelectorAll('main ol article')].find((a) => a.textContent!.includes('Crise hídrica'))!;
    expect(entry.textContent).toContain('Folha de S.Paulo');
    expect(entry.textContent).toContain('5 de março de 2014');
    expect(entry.textContent).toContain('Reportagem sobre a falta de água em São Paulo.');
    const original = entry.querySelector<HTMLAnchorElement>('a[href="http://127.0.0.1:9/folha/crise-hidrica"]')!;
    expect(original.getAttribute('rel')).toBe('noopener');
    expect(original.getAttribute('target')).toBe('_blank');
    expect(entry.querySelector(`a[href="/pt/publicacoes/${shown.slug}"]`)?.textContent).toContain('Ler cópia arquivada');
    // A copy she does not show is no link.
    const closedEntry = [...second.doc.querySelectorAll('main ol article')].find((a) => a.textContent!.includes('Cópia que ela não mostra'))!;
    expect(closedEntry.querySelector('a[href^="/pt/publicacoes/"]')).toBeNull();
    // A print clip opens its file.
    const print = [...second.doc.querySelectorAll('main ol article')].find((a) => a.textContent!.includes('Página impressa'))!;
    expect(print.querySelector('a')?.getAttribute('href')).toBe('/storage/v1/object/public/clip-files/print/abc123.pdf');
    // Past the last page: not a page.
    expect((await page(b, '/pt/publicacoes?pagina=3')).status).toBe(404);
  });

  it('filters by outlet and by year with plain links, in each language’s words', async () => {
    const pt = await page(b, '/pt/publicacoes');
    const byOutlet = pt.doc.querySelector<HTMLAnchorElement>('nav a[href="/pt/publicacoes?veiculo=Estad%C3%A3o"]');
    expect(byOutlet?.textContent).toBe('Estadão');
    expect(pt.doc.querySelector('nav a[href="/pt/publicacoes?ano=2014"]')).not.toBeNull();
    const estadao = await page(b, '/pt/publicacoes?veiculo=Estad%C3%A3o');
    expect(entryTitles(estadao.doc)).toEqual(['Cópia que ela não mostra']);
    expect(estadao.doc.querySelector('a[aria-current="page"][href="/pt/publicacoes?veiculo=Estad%C3%A3o"]')).not.toBeNull();
    const year = await page(b, '/en/published-work?year=2019');
    expect(entryTitles(year.doc)).toEqual(['Vanished newsroom story']);
    expect(year.doc.documentElement.lang).toBe('en-US');
    expect(year.doc.body.textContent).toContain('November 20, 2019');
    const both = await page(b, '/en/published-work?outlet=Ag%C3%AAncia%20Brasil&year=2022&page=2');
    expect(entryTitles(both.doc)).toEqual(['Nota 00']);
    const none = await page(b, '/pt/publicacoes?veiculo=Ningu%C3%A9m');
    expect(none.status).toBe(200);
    expect(none.doc.body.textContent).toContain('Nenhuma publicação com este filtro.');
  });

  it('carries an ItemList of NewsArticle (CreativeWork for print) with headline, original url, date, publisher, author and language', async () => {
    const { doc } = await page(b, '/pt/publicacoes?pagina=2');
    const list = jsonLd(doc);
    expect(list['@type']).toBe('ItemList');
    const items = (list.itemListElement as { position: number; item: Record<string, unknown> }[]).map((e) => e.item);
    expect(items.find((i) => i.headline === 'Crise hídrica chega às torneiras')).toMatchObject({
      '@type': 'NewsArticle',
      url: 'http://127.0.0.1:9/folha/crise-hidrica',
      datePublished: '2014-03-05',
      publisher: { name: 'Folha de S.Paulo' },
      author: { name: 'Ana Repórter' },
      inLanguage: 'pt-BR',
    });
    expect(items.find((i) => i.headline === 'Vanished newsroom story')).toMatchObject({ inLanguage: 'en', author: { name: 'A. Reporter' } });
    expect(items.find((i) => i.headline === 'Página impressa de 1998')?.['@type']).toBe('CreativeWork');
    expect(JSON.stringify(list)).not.toContain('Publicação oculta');
  });

  it('the archived copy: banner above the text, link to the original, canonical to it while it lives, sanitised Markdown', async () => {
    const { status, doc, html } = await page(b, `/pt/publicacoes/${shown.slug}`);
    expect(status).toBe(200);
    const article = doc.querySelector('main article')!;
    const banner = article.querySelector('aside')!;
    expect(banner.textContent).toContain('Publicado originalmente em Folha de S.Paulo, 5 de março de 2014.');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('http://127.0.0.1:9/folha/crise-hidrica');
    expect(banner.compareDocumentPosition(article.querySelector('strong')!) & doc.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(article.querySelector('strong')?.textContent).toBe('reportagem');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://127.0.0.1:9/folha/crise-hidrica');
    // Never the outlet's markup: raw HTML in the Markdown is shown as text, as in a post; no script, picture or handler.
    expect(article.querySelector('script, img, [onerror]')).toBeNull();
    expect(article.textContent).toContain('<script>alert(1)</script>');
    expect(html).not.toMatch(/<img[^>]+outlet\.png/);
  });

  it('a copy whose original is dead is its own canonical, says so in English on its English address', async () => {
    const { status, doc } = await page(b, `/en/published-work/${dead.slug}`);
    expect(status).toBe(200);
    expect(doc.querySelector('aside')?.textContent).toContain('Originally published in The Gone Gazette, November 20, 2019.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${b.url}/en/published-work/${dead.slug}`);
  });

  it('a copy she does not show, a hidden clip, an unknown slug or the wrong language: the 404 page', async () => {
    for (const path of [`/pt/publicacoes/${closed.slug}`, `/pt/publicacoes/${hidden.slug}`, '/pt/publicacoes/nada-aqui', `/en/published-work/${shown.slug}`]) {
      const { status, html } = await page(b, path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('Oops! Page not found');
      expect(html, path).not.toContain('Texto guardado só para ela.');
      expect(html, path).not.toContain('Oculta.');
    }
  });

  it('the clips feeds list the newest 20 by date, hidden ones never', async () => {
    const res = await fetch(`${b.url}/pt/publicacoes/rss.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/rss+xml');
    const feed = await new Parser().parseString(await res.text());
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0]!.title).toBe('Nota 20 (Agência Brasil)');
    expect(feed.items.map((i) => i.title).join()).not.toContain('oculta');
    const en = await new Parser().parseString(await (await fetch(`${b.url}/en/published-work/rss.xml`)).text());
    expect(en.title).toBe('Published work — Journalist & PR Professional');
  });

  it('the sitemap has both lists with their alternates, and the dead original’s copy', async () => {
    const xml = await (await fetch(`${b.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${b.url}/pt/publicacoes</loc>`);
    expect(xml).toContain(`<loc>${b.url}/en/published-work</loc>`);
    expect(xml).toContain(`hreflang="en" href="${b.url}/en/published-work"`);
    expect(xml).toContain(`<loc>${b.url}/en/published-work/${dead.slug}</loc>`);
    expect(xml).not.toContain(`/pt/publicacoes/${shown.slug}<`);
  });

  it('both homes link to the list from the header and show the featured and latest clips with “Ver todas” / “See all”', async () => {
    const pt = await page(b, '/pt');
    expect(pt.doc.querySelector('header a[href="/pt/publicacoes"]')?.textContent).toBe('Publicações');
    const section = pt.doc.getElementById('publicacoes')!;
    expect(section.querySelector('h2')?.textContent).toBe('Publicações');
    expect([...section.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Destaque antigo', 'Nota 20', 'Nota 19', 'Nota 18']);
    expect(section.querySelector('a[href="/pt/publicacoes"]')?.textContent).toBe('Ver todas');
    // After the blog.
    expect(pt.doc.getElementById('blog')!.compareDocumentPosition(section) & pt.doc.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const en = await page(b, '/en');
    expect(en.doc.querySelector('header a[href="/en/published-work"]')?.textContent).toBe('Published work');
    expect(en.doc.getElementById('publicacoes')?.querySelector('a[href="/en/published-work"]')?.textContent).toBe('See all');
  });

  it('a post that had the list’s address before it was reserved is named there, with a link to where it is now; a draft’s never', async () => {
    const moved = (title: string, slug: string, language: 'pt' | 'en', published: boolean) =>
      b.sql(
        `with post as (insert into public.blog_posts (title, language, category, published, slug) values ($1, $3, case when $3 = 'pt' then 'Outros' else 'Others' end, $4, $2) returning id)
         insert into public.blog_post_slugs (language, slug, post_id, shared) select $3, $5, id, true from post`,
        [title, slug, language, published, language === 'pt' ? 'publicacoes' : 'published-work'],
      );
    await moved('Minhas publicações antigas', 'publicacoes-2', 'pt', true);
    await moved('Unpublished list', 'published-work-2', 'en', false);
    const pt = await page(b, '/pt/publicacoes');
    const notice = [...pt.doc.querySelectorAll('main p')].find((p) => p.textContent?.startsWith('Procurando o post'));
    expect(notice?.textContent).toBe('Procurando o post “Minhas publicações antigas”? Ele agora está em outro endereço: /pt/publicacoes-2');
    expect(notice?.querySelector('a')?.getAttribute('href')).toBe('/pt/publicacoes-2');
    const en = await page(b, '/en/published-work');
    expect(en.html).not.toContain('Unpublished list');
    expect(en.html).not.toContain('Looking for the post');
  });

  it('a clip hidden after the page was kept is gone from the next answer', async () => {
    const before = await page(b, '/pt/publicacoes?veiculo=Veja');
    expect(entryTitles(before.doc)).toEqual(['Destaque antigo']);
    const { error } = await b.service.from('clips' as never).update({ status: 'hidden' } as never).eq('title', 'Destaque antigo');
    expect(error).toBeNull();
    const after = await page(b, '/pt/publicacoes?veiculo=Veja');
    expect(entryTitles(after.doc)).toEqual([]);
    await b.service.from('clips' as never).update({ status: 'published' } as never).eq('title', 'Destaque antigo');
  });
});
