import { postArticle, type PostRow } from './article.ts';

const post = (over: Partial<PostRow> = {}): PostRow => ({
  id: '0b6f3c1e-4d0a-4b7e-9a51-2f0c8e7d6a11', language: 'pt', slug: 'crise-e-imprensa', title: 'Crise e imprensa',
  excerpt: 'O que fazer nas primeiras horas.', content: 'Primeiro parágrafo.', category: null, image_url: null, image_alt: null,
  date: '2026-11-20T12:00:00Z', edited: '2026-11-25T12:00:00Z', corrections: [], ...over,
});
const content = async (row: PostRow) =>
  ((await postArticle(row, 'https://site.example').toJsonLd({ format: 'compact' })) as { content: string; contentMap: Record<string, string> });

describe("a post's Article", () => {
  it('ends with its corrections as the page does, oldest first, dated on the site\'s clock', async () => {
    const article = await content(post({
      corrections: [
        { note: 'O ano certo é 2019.', created_at: '2026-11-24T15:00:00.123456+00:00' },
        // 01:00 UTC on the 25th is still the 24th in São Paulo.
        { note: 'O nome da agência foi corrigido.', created_at: '2026-11-25T01:00:00+00:00' },
      ],
    }));
    expect(article.content).toBe(
      '<p>Primeiro parágrafo.</p>'
      + '<p><strong>Correção (24 de novembro de 2026):</strong> O ano certo é 2019.</p>'
      + '<p><strong>Correção (24 de novembro de 2026):</strong> O nome da agência foi corrigido.</p>',
    );
    expect(article.contentMap.pt).toBe(article.content);
  });

  it('labels them in the post\'s language and keeps a note as text', async () => {
    const article = await content(post({ language: 'en', corrections: [{ note: 'The figure is <b>2 million</b> & not 3.', created_at: '2026-03-15T12:00:00Z' }] }));
    expect(article.content).toContain('<p><strong>Correction (March 15, 2026):</strong> The figure is &#x3C;b>2 million&#x3C;/b> &#x26; not 3.</p>');
    expect(article.content).not.toContain('<b>');
  });

  it('is the text alone when nothing was corrected', async () => {
    expect((await content(post())).content).toBe('<p>Primeiro parágrafo.</p>');
  });
});
