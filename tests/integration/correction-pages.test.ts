/**
 * Public corrections (issue 26) on the real backend, PGlite and PostgreSQL:
 * a correction appears at the end of the server-rendered post, dated as the
 * page dates things, in the post's language ("Correção (24 de novembro de
 * 2026): …", "Correction (November 24, 2026): …"), moves the page's
 * dateModified and article:modified_time, the feed item (its description and
 * dcterms:modified) and the sitemap's lastmod; a silent edit of a published
 * post shows "Atualizado em …", and so does withdrawing a correction.
 */
import { JSDOM } from 'jsdom';
import Parser from 'rss-parser';
import { XMLParser } from 'fast-xml-parser';
import { formatLongDate } from '../../src/lib/dates.ts';
import { targets, useBackend, type Backend, type TestUser } from './harness.ts';

const page = async (b: Backend, path: string) => {
  const res = await fetch(`${b.url}${path}`);
  const html = await res.text();
  return { status: res.status, html, doc: new JSDOM(html).window.document };
};
const meta = (doc: Document, key: string) => doc.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ?? null;
const jsonLd = (doc: Document) => JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
const corrections = (doc: Document) => [...doc.querySelectorAll('section[aria-label] p')].map((p) => p.textContent);
const at = (iso: string) => new Date(iso).getTime();

type FeedItem = { guid?: string; content?: string; modified?: string };
/** A feed item's description as a reader shows it: its HTML paragraphs' text. */
const paragraphs = (html: string | undefined) => [...JSDOM.fragment(html ?? '').children].map((p) => (p.tagName === 'P' ? p.textContent : p.outerHTML));
const feedParser = new Parser<object, FeedItem>({ customFields: { item: [['dcterms:modified', 'modified']] } });
const xml = new XMLParser();

describe.each(targets)('corrections on $name', (target) => {
  const b = useBackend(target, { site: true });
  let admin: TestUser;

  beforeAll(async () => {
    admin = await b.createAdmin();
  });

  async function publish(title: string, language: 'pt' | 'en') {
    const { data, error } = await admin.client
      .from('blog_posts')
      .insert({
        title, language, published: true, date: '2026-11-01T12:00:00Z',
        excerpt: `Resumo de ${title}`, content: 'Texto publicado.', category: language === 'pt' ? 'Outros' : 'Others',
      })
      .select('id, slug, date, updated_at, revised_at')
      .single();
    if (error) throw error;
    return data;
  }

  async function correct(postId: string, note: string, createdAt: string) {
    // Dated by the test (no API role may choose a correction's date): written as the database's owner, the triggers run as for hers.
    await b.sql('insert into public.blog_post_corrections (post_id, note, created_at) values ($1, $2, $3)', [postId, note, createdAt]);
  }

  const feedItem = async (language: 'pt' | 'en', id: string) => {
    const feed = await feedParser.parseString(await (await page(b, `/${language}/rss.xml`)).html);
    return feed.items.find((item) => item.guid === `${b.url}/post/${id}`)!;
  };

  it('a Portuguese post: its corrections at its end, oldest first, dated in Portuguese; its modified dates move, its last edit does not', async () => {
    const post = await publish('Balanço do trimestre', 'pt');
    // Before: never revised, modified when published.
    const before = await page(b, `/pt/${post.slug}`);
    expect(corrections(before.doc)).toEqual([]);
    expect(jsonLd(before.doc).dateModified).toBe(post.date);
    expect(before.doc.querySelector('article')?.textContent).not.toContain('Atualizado em');

    await correct(post.id, 'O lucro foi de R$ 2 milhões, não R$ 3 milhões.', '2026-11-24T15:00:00Z');
    await correct(post.id, 'A reunião foi na terça, não na quarta.', '2026-11-25T13:00:00Z');
    const { data: row } = await b.service.from('blog_posts').select('updated_at, revised_at').eq('id', post.id).single();
    expect(at(row!.revised_at!)).toBe(at('2026-11-25T13:00:00Z'));
    // A correction is no edit: an open dialog's conflict check must not trip over it.
    expect(row!.updated_at).toBe(post.updated_at);

    const { status, doc } = await page(b, `/pt/${post.slug}`);
    expect(status).toBe(200);
    expect(corrections(doc)).toEqual([
      'Correção (24 de novembro de 2026): O lucro foi de R$ 2 milhões, não R$ 3 milhões.',
      'Correção (25 de novembro de 2026): A reunião foi na terça, não na quarta.',
    ]);
    // At the article's end, after the text.
    expect(doc.querySelector('article > section:last-child')?.getAttribute('aria-label')).toBe('Correções');
    expect(doc.querySelector('article')?.textContent).toContain('Atualizado em 25 de novembro de 2026');
    expect(at(jsonLd(doc).dateModified as string)).toBe(at('2026-11-25T13:00:00Z'));
    expect(at(meta(doc, 'article:modified_time')!)).toBe(at('2026-11-25T13:00:00Z'));
    expect(at(jsonLd(doc).datePublished as string)).toBe(at(post.date));
    // In the page's data too: the browser hydrates them without asking.
    expect(doc.getElementById('ssr-state')!.textContent).toContain('O lucro foi de R$ 2 milhões');

    const item = await feedItem('pt', post.id);
    expect(paragraphs(item.content)).toEqual([
      'Resumo de Balanço do trimestre',
      'Correção (24 de novembro de 2026): O lucro foi de R$ 2 milhões, não R$ 3 milhões.',
      'Correção (25 de novembro de 2026): A reunião foi na terça, não na quarta.',
    ]);
    expect(at(item.modified!)).toBe(at('2026-11-25T13:00:00Z'));

    const sitemap = xml.parse((await page(b, '/sitemap.xml')).html) as { urlset: { url: { loc: string; lastmod: string }[] } };
    const entry = sitemap.urlset.url.find((u) => u.loc === `${b.url}/pt/${post.slug}`)!;
    expect(at(entry.lastmod)).toBeGreaterThanOrEqual(at('2026-11-25T13:00:00Z'));
  });

  it('an English post: "Correction (November 24, 2026): …" and "Updated …", in the page and the feed', async () => {
    const post = await publish('Quarterly review', 'en');
    await correct(post.id, 'Profit was $2 million, not $3 million.', '2026-11-24T15:00:00Z');
    const { doc } = await page(b, `/en/${post.slug}`);
    expect(corrections(doc)).toEqual(['Correction (November 24, 2026): Profit was $2 million, not $3 million.']);
    expect(doc.querySelector('article > section:last-child')?.getAttribute('aria-label')).toBe('Corrections');
    expect(doc.querySelector('article')?.textContent).toContain('Updated November 24, 2026');
    expect(at(jsonLd(doc).dateModified as string)).toBe(at('2026-11-24T15:00:00Z'));
    const item = await feedItem('en', post.id);
    expect(paragraphs(item.content)).toEqual(['Resumo de Quarterly review', 'Correction (November 24, 2026): Profit was $2 million, not $3 million.']);
    expect(at(item.modified!)).toBe(at('2026-11-24T15:00:00Z'));
    // An item never corrected carries its publication as its update.
    const feed = await feedParser.parseString(await (await page(b, '/en/rss.xml')).html);
    for (const other of feed.items.filter((i) => i.guid !== `${b.url}/post/${post.id}`)) expect(other.modified).toBeTruthy();
  });

  it('a silent edit of a published post shows "Atualizado em" that day, and moves dateModified', async () => {
    const post = await publish('Texto com erro de digitação', 'pt');
    const { error } = await admin.client.from('blog_posts').update({ content: 'Texto publicado, corrigido.' }).eq('id', post.id);
    expect(error).toBeNull();
    const { data: row } = await b.service.from('blog_posts').select('revised_at').eq('id', post.id).single();
    expect(row!.revised_at).not.toBeNull();
    const { doc } = await page(b, `/pt/${post.slug}`);
    expect(doc.querySelector('article time:last-of-type')?.textContent).toBe(`Atualizado em ${formatLongDate(row!.revised_at!, 'pt')}`);
    expect(at(jsonLd(doc).dateModified as string)).toBe(at(row!.revised_at!));
    expect(corrections(doc)).toEqual([]);
  });

  it('withdrawing a correction takes it off the page and dates the change then; the last edit stays', async () => {
    const post = await publish('Correção retirada', 'pt');
    await correct(post.id, 'Nota posta por engano.', '2026-11-02T12:00:00Z');
    const before = (await b.service.from('blog_posts').select('updated_at, revised_at').eq('id', post.id).single()).data!;
    expect(at(before.revised_at!)).toBe(at('2026-11-02T12:00:00Z'));
    const withdrawnAt = Date.now();
    expect((await admin.client.from('blog_post_corrections').delete().eq('post_id', post.id)).error).toBeNull();
    const after = (await b.service.from('blog_posts').select('updated_at, revised_at').eq('id', post.id).single()).data!;
    expect(at(after.revised_at!)).toBeGreaterThanOrEqual(withdrawnAt - 1000);
    expect(after.updated_at).toBe(before.updated_at);
    const { doc } = await page(b, `/pt/${post.slug}`);
    expect(corrections(doc)).toEqual([]);
    expect(at(jsonLd(doc).dateModified as string)).toBe(at(after.revised_at!));
  });
});
