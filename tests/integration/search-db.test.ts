/**
 * Search (issue 44) on the real backend, PGlite and PostgreSQL, through
 * supabase-js rpc('search_site') as the pages call it: accents and case,
 * stemming in each text's own language, phrases and exclusions, ranking,
 * the other language's count, the index kept by the writing transaction,
 * nothing unpublished found by anyone but her, and every hostile query
 * answered normally.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend, type Backend, type Client, type TestUser } from './harness.ts';

type Language = 'pt' | 'en';
const CATEGORY: Record<Language, string> = { pt: 'Outros', en: 'Others' };
const MARK = /\uE000([^\uE001]*)\uE001/g;

/** A word no demo post holds, so each test finds only its own posts. */
const word = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

async function makePost(b: Backend, language: Language, fields: Record<string, unknown>) {
  const { data, error } = await b.service
    .from('blog_posts')
    .insert({ title: 'Sem título', language, category: CATEGORY[language], published: true, ...fields })
    .select('id, slug')
    .single();
  if (error) throw new Error(error.message);
  return data!;
}

async function search(client: Client, q: string, lang: Language = 'pt', page = 1) {
  const { data, error } = await client.rpc('search_site', { q, lang, page });
  if (error) throw new Error(`${JSON.stringify(q)}: ${error.message}`);
  const rows = data ?? [];
  return { results: rows.filter((r) => r.kind !== null), total: Number(rows[0]?.total ?? 0), other: Number(rows[0]?.other_total ?? 0) };
}

const marked = (text: string | null) => [...(text ?? '').matchAll(MARK)].map((m) => m[1]);

describe.each(targets)('search on $name', (target) => {
  const b = useBackend(target);
  let anon: Client;

  beforeAll(() => {
    anon = b.anon();
  });

  it('folds accents and case, in the text and in the query, and marks the words as written', async () => {
    const tag = word();
    const post = await makePost(b, 'pt', { title: `Comunicação de CRISE em ${tag}`, content: 'Um texto qualquer.' });
    const { results } = await search(anon, `comunicacao de crises ${tag.toUpperCase()}`);
    expect(results.map((r) => r.id)).toEqual([post.id]);
    expect(marked(results[0]!.title)).toEqual(['Comunicação', 'CRISE', tag]);
    expect(results[0]!.slug).toBe(post.slug);
  });

  it('matches other forms of a word in the text\'s own language', async () => {
    const tag = word();
    const pt = await makePost(b, 'pt', { title: `Cobertura ${tag}`, content: 'A informação correta e a crise da imprensa.' });
    const en = await makePost(b, 'en', { title: `Coverage ${tag}`, content: 'She was publishing her columns every week.' });
    // The second reading of decision 300 (stem, then fold): plural and singular of -ação.
    expect((await search(anon, `${tag} informações`)).results.map((r) => r.id)).toEqual([pt.id]);
    expect((await search(anon, `${tag} informacao`)).results.map((r) => r.id)).toEqual([pt.id]);
    expect((await search(anon, `${tag} crises`)).results.map((r) => r.id)).toEqual([pt.id]);
    expect((await search(anon, `${tag} published`, 'en')).results.map((r) => r.id)).toEqual([en.id]);
    // Each text in its language: the English stemmer is not asked about Portuguese words.
    expect((await search(anon, `${tag} published`, 'pt')).other).toBe(1);
  });

  it('a quoted phrase matches as a phrase, and -word excludes', async () => {
    const tag = word();
    const phrase = await makePost(b, 'pt', { title: `Nota ${tag}`, content: 'Gestão de crise começa antes da crise.' });
    const apart = await makePost(b, 'pt', { title: `Outra nota ${tag}`, content: 'A crise chegou. A gestão veio tarde.' });
    const both = (await search(anon, `${tag} gestão crise`)).results.map((r) => r.id);
    expect(both.sort()).toEqual([phrase.id, apart.id].sort());
    expect((await search(anon, `${tag} "gestao de crise"`)).results.map((r) => r.id)).toEqual([phrase.id]);
    expect((await search(anon, `${tag} crise -tarde`)).results.map((r) => r.id)).toEqual([phrase.id]);
  });

  it('ranks title above excerpt above text, newest first among equals', async () => {
    const tag = word();
    const inText = await makePost(b, 'en', { title: 'A', excerpt: 'B', content: `Once: ${tag}. ${tag} again, ${tag} thrice.`, date: '2026-01-03T12:00:00Z' });
    const inExcerpt = await makePost(b, 'en', { title: 'C', excerpt: `about ${tag}`, content: 'x', date: '2026-01-01T12:00:00Z' });
    const inTitleOld = await makePost(b, 'en', { title: `On ${tag}`, content: 'x', date: '2020-01-01T12:00:00Z' });
    const inTitleNew = await makePost(b, 'en', { title: `On ${tag}`, content: 'x', date: '2025-01-01T12:00:00Z' });
    const { results, total } = await search(anon, tag, 'en');
    expect(total).toBe(4);
    expect(results.map((r) => r.id)).toEqual([inTitleNew.id, inTitleOld.id, inExcerpt.id, inText.id]);
    expect(marked(results[3]!.passage)).toContain(tag);
  });

  it('pages by ten and counts the other language', async () => {
    const tag = word();
    for (let i = 0; i < 12; i++) await makePost(b, 'pt', { title: `Texto ${i} ${tag}`, date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString() });
    await makePost(b, 'en', { title: `Text ${tag}` });
    const first = await search(anon, tag, 'pt', 1);
    const second = await search(anon, tag, 'pt', 2);
    expect(first.results).toHaveLength(10);
    expect(second.results).toHaveLength(2);
    expect([first.total, first.other, second.total]).toEqual([12, 1, 12]);
    expect(new Set([...first.results, ...second.results].map((r) => r.id)).size).toBe(12);
    // A page past the last, and the English page: the counts still come.
    expect(await search(anon, tag, 'pt', 3)).toEqual({ results: [], total: 12, other: 1 });
    const en = await search(anon, tag, 'en');
    expect([en.results.length, en.total, en.other]).toEqual([1, 1, 12]);
  });

  it('the index follows every write of the post, in its transaction', async () => {
    const [before, after] = [word(), word()];
    const post = await makePost(b, 'pt', { title: `Título ${before}` });
    const edited = await b.service.from('blog_posts').update({ title: `Título ${after}` }).eq('id', post.id);
    expect(edited.error).toBeNull();
    expect((await search(anon, before)).total).toBe(0);
    expect((await search(anon, after)).results.map((r) => r.id)).toEqual([post.id]);
    await b.service.from('blog_posts').delete().eq('id', post.id);
    expect((await search(anon, after)).total).toBe(0);
  });

  describe('published work (clips)', () => {
    let admin: TestUser;
    const clip = async (fields: Record<string, unknown>, copy?: string) => {
      const { data, error } = await b.service
        .from('clips')
        // slug is the trigger's to make (the generated Insert type asks for it).
        .insert({ title: 'Sem título', language: 'pt', url: `https://jornal.example/${randomUUID()}`, ...fields } as never)
        .select('id, slug')
        .single();
      if (error) throw new Error(error.message);
      if (copy !== undefined) {
        const made = await b.service.from('clip_copies').insert({ clip_id: data!.id, text_markdown: copy, fetched_at: new Date().toISOString() });
        if (made.error) throw new Error(made.error.message);
      }
      return data!;
    };

    beforeAll(async () => {
      admin = await b.createAdmin('autora-clips');
    });

    it('a published clip is found by its title, outlet and summary, beside posts, as a published piece', async () => {
      const tag = word();
      const piece = await clip({ title: `Reportagem sobre ${tag}`, outlet: 'Folha de S.Paulo', summary: 'Uma crise de comunicação.', published_on: '2019-05-02' });
      const post = await makePost(b, 'pt', { title: `Post ${tag}` });
      const { results } = await search(anon, tag);
      expect(results.map((r) => [r.kind, r.id]).sort()).toEqual([['clip', piece.id], ['post', post.id]].sort());
      const found = results.find((r) => r.kind === 'clip')!;
      expect([found.outlet, found.published_on, found.slug]).toEqual(['Folha de S.Paulo', '2019-05-02', piece.slug]);
      expect((await search(anon, `${tag} folha`)).results.map((r) => r.id)).toEqual([piece.id]);
      expect(marked((await search(anon, `${tag} comunicacao`)).results[0]!.passage)).toEqual(['comunicação']);
    });

    it('a hidden clip is found by her only', async () => {
      const tag = word();
      const hidden = await clip({ title: `Oculta ${tag}`, status: 'hidden' });
      expect((await search(anon, tag)).total).toBe(0);
      expect((await search(admin.client, tag)).results.map((r) => r.id)).toEqual([hidden.id]);
    });

    it('the archived text finds the clip only while she shows the copy; the index follows the copy in its transaction', async () => {
      const tag = word();
      const shown = await clip({ title: 'Mostrada', show_archive: true }, `O texto arquivado fala de ${tag}.`);
      const kept = await clip({ title: 'Guardada', show_archive: false }, `O texto guardado fala de ${tag}.`);
      expect((await search(anon, tag)).results.map((r) => r.id)).toEqual([shown.id]);
      expect(marked((await search(anon, tag)).results[0]!.passage)).toEqual([tag]);
      expect((await search(admin.client, tag)).results.map((r) => r.id).sort()).toEqual([shown.id, kept.id].sort());
      // Her copy's words exclude nothing for a reader who cannot read them.
      expect((await search(anon, `guardada -${tag}`)).results.map((r) => r.id)).toContain(kept.id);
      await b.service.from('clips').update({ show_archive: true }).eq('id', kept.id);
      expect((await search(anon, tag)).total).toBe(2);
      await b.service.from('clip_copies').delete().eq('clip_id', shown.id);
      expect((await search(anon, tag)).results.map((r) => r.id)).toEqual([kept.id]);
    });

    it('a common word: counted up to 1,001, its pages read tier by tier in the order an exact count gives; drafts and hidden clips still hers alone', async () => {
      const tag = word();
      const hours = (h: number) => new Date(Date.UTC(2000, 0, 1) + h * 3_600_000).toISOString();
      const inText = Array.from({ length: 1010 }, (_, i) => ({
        title: `Texto ${i}`, content: `Um texto sobre ${tag}.`, language: 'pt', category: CATEGORY.pt, published: true, date: hours(i),
      }));
      const bulk = await b.service.from('blog_posts').insert(inText).select('id, date');
      if (bulk.error) throw new Error(bulk.error.message);
      const newestInText = [...bulk.data!].sort((x, y) => (x.date < y.date ? 1 : -1)).map((r) => r.id);
      const titled2010 = await makePost(b, 'pt', { title: `Sobre ${tag}`, date: '2010-01-01T12:00:00Z' });
      const titled2011 = await makePost(b, 'pt', { title: `Mais ${tag}`, date: '2011-01-01T12:00:00Z' });
      const draft = await makePost(b, 'pt', { title: `Rascunho ${tag}`, published: false, date: '2026-01-01T12:00:00Z' });
      const excerpts = [];
      for (const year of [2015, 2016, 2017, 2018]) excerpts.push(await makePost(b, 'pt', { title: 'Nota', excerpt: `Resumo com ${tag}`, date: `${year}-01-01T12:00:00Z` }));
      const clipTitled = await clip({ title: `Reportagem ${tag}`, published_on: '2012-01-01' });
      const clipHidden = await clip({ title: `Oculta ${tag}`, status: 'hidden', published_on: '2025-01-01' });
      const clipSummary = await clip({ title: 'Entrevista', summary: `Fala de ${tag}.`, published_on: '2019-01-01' });

      // 1,010 + 2 + 4 posts and 2 clips: past the bound.
      const first = await search(anon, tag);
      expect(first.total).toBe(1001);
      expect(first.results.map((r) => r.id)).toEqual([
        clipTitled.id, titled2011.id, titled2010.id,
        clipSummary.id, ...excerpts.map((e) => e.id).reverse(),
        ...newestInText.slice(0, 2),
      ]);
      expect((await search(anon, tag, 'pt', 2)).results.map((r) => r.id)).toEqual(newestInText.slice(2, 12));
      // Far pages: counted just past the page asked for, then exactly at the end.
      const hundredFirst = await search(anon, tag, 'pt', 101);
      expect([hundredFirst.total, hundredFirst.results.length]).toEqual([1011, 10]);
      expect(hundredFirst.results.map((r) => r.id)).toEqual(newestInText.slice(992, 1002));
      const last = await search(anon, tag, 'pt', 102);
      expect([last.total, last.results.length]).toEqual([1018, 8]);

      const hers = await search(admin.client, tag);
      expect(hers.results.slice(0, 3).map((r) => r.id)).toEqual([draft.id, clipHidden.id, clipTitled.id]);
    });

    it('thousands of drafts holding the word hide none of the few published posts that hold it', async () => {
      const tag = word();
      // More than twice the bound: the first answer of the index may hold no published post at all.
      const drafts = Array.from({ length: 2100 }, (_, i) => ({
        title: `Rascunho ${i} ${tag}`, language: 'pt', category: CATEGORY.pt, published: false, date: new Date(Date.UTC(2020, 0, 1, i)).toISOString(),
      }));
      const bulk = await b.service.from('blog_posts').insert(drafts);
      if (bulk.error) throw new Error(bulk.error.message);
      const published = [];
      for (const year of [2001, 2002, 2003]) published.push(await makePost(b, 'pt', { title: `Publicado ${tag}`, date: `${year}-01-01T12:00:00Z` }));
      const found = await search(anon, tag);
      expect(found.total).toBe(3);
      expect(found.results.map((r) => r.id)).toEqual(published.map((p) => p.id).reverse());
      expect((await search(admin.client, tag)).total).toBe(1001);
    });
  });

  describe('who finds what', () => {
    let admin: TestUser;
    let reader: TestUser;
    const tag = word();
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      admin = await b.createAdmin('autora');
      reader = await b.createUser('leitora');
      ids.published = (await makePost(b, 'pt', { title: `Publicado ${tag}` })).id;
      ids.draft = (await makePost(b, 'pt', { title: `Rascunho ${tag}`, published: false })).id;
      ids.scheduled = (await makePost(b, 'pt', { title: `Agendado ${tag}`, date: '2099-01-01T00:00:00Z' })).id;
    });

    it('a visitor and a signed-in reader find only what is published; she finds her drafts and scheduled posts', async () => {
      expect((await search(anon, tag)).results.map((r) => r.id)).toEqual([ids.published]);
      expect((await search(reader.client, tag)).results.map((r) => r.id)).toEqual([ids.published]);
      expect((await search(admin.client, tag)).results.map((r) => r.id).sort()).toEqual(Object.values(ids).sort());
    });

    it('nor are drafts counted, nor their words reachable over the api', async () => {
      const draftOnly = word();
      await makePost(b, 'en', { title: `Draft ${draftOnly}`, published: false });
      expect(await search(anon, draftOnly, 'pt')).toEqual({ results: [], total: 0, other: 0 });
      const direct = await b.request(`/rest/v1/posts?select=*`, { headers: { 'Accept-Profile': 'search' } });
      expect(direct.status).toBeGreaterThanOrEqual(400);
      const matcher = await anon.rpc('post_matches' as never, { words: draftOnly } as never);
      expect(matcher.error).not.toBeNull();
      // The index's own functions hand out drafts' ids: the api does not reach schema search.
      for (const name of ['post_ranked', 'post_tier', 'clip_hits']) {
        const called = await b.request(`/rest/v1/rpc/${name}`, {
          method: 'POST',
          headers: { 'Content-Profile': 'search', 'Content-Type': 'application/json' },
          body: JSON.stringify({ q: draftOnly, lang: 'en', tier: 3 }),
        });
        expect(called.status, name).toBeGreaterThanOrEqual(400);
      }
    });
  });

  describe('hostile queries', () => {
    const tag = word();
    beforeAll(async () => {
      await makePost(b, 'pt', { title: `<b>Alvo</b> ${tag} \uE000falso\uE001`, content: 'O texto \uE000 com marcas \uE001 falsas.' });
    });

    const queries: [string, string][] = [
      ['operators', `& | ! : * ( ) < > ' " \\ % ${tag}`],
      ['tsquery syntax', `${tag}:* & !(a | b) <-> c`],
      ['unbalanced quotes', `"${tag} -"-"`],
      ['control characters', `\u0001\u0007\u001b[31m${tag}\u007f\t\r\n`],
      ['SQL', `${tag}'; drop table public.blog_posts; --`],
      ['modifier apostrophes unaccent turns into quotes', `dʼagua ʹxʺ ${tag}`],
      ['10 KB', `${tag} ${'palavra '.repeat(1400)}`],
      ['only stop words', 'de a o que e'],
      ['only symbols', '!!! ((( *** ---'],
    ];

    it.each(queries)('%s: an answer, never an error', async (_name, q) => {
      const { error, data } = await anon.rpc('search_site', { q, lang: 'pt', page: 1 });
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(1);
    });

    it('a NUL or a lone surrogate, which Postgres refuses in any text, is a clear 400 (the pages take them out first)', async () => {
      for (const q of [`\u0000${tag}`, `\uD800${tag}`]) {
        const { error, status } = await anon.rpc('search_site', { q, lang: 'pt', page: 1 });
        expect(status, JSON.stringify(q)).toBe(400);
        expect(error?.message).toBeTruthy();
      }
    });

    it('finds the word among symbols, and nothing of the text becomes a mark', async () => {
      const { results } = await search(anon, `& | ! : * ( ) < > ' " \\ % ${tag}`);
      expect(results).toHaveLength(1);
      expect(marked(results[0]!.title)).toEqual([tag]);
      expect(results[0]!.passage).not.toMatch(/[\uE000\uE001]/);
      expect(results[0]!.title).toContain('<b>Alvo</b>');
      expect(results[0]!.passage).toContain('com marcas');
    });

    it('reads the first 200 characters of a query and no more', async () => {
      // Stop words as padding: they are no terms of the query.
      expect((await search(anon, `${'de '.repeat(60)}${tag}`)).total).toBe(1);
      expect((await search(anon, `${'de '.repeat(67)}${tag}`)).total).toBe(0);
    });

    it('a page number out of range is the first or the last page the function allows', async () => {
      for (const page of [0, -5, 2_000_000_000]) {
        const { error } = await anon.rpc('search_site', { q: tag, lang: 'pt', page });
        expect(error).toBeNull();
      }
    });
  });
});
