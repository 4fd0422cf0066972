import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rawHtmlIn } from './fixtures/raw-html';
import { FIXTURE_ZIP_TIME_READ, fixtureFiles, zipFixture } from './fixtures/zip-folder';
import type { ArchivePlan } from './plan';
import { originalImage, readSubstack } from './substack';
import { openZip } from './zip';
import { refusal } from './fixtures/refusal';

const read = (bytes = zipFixture('substack')) => readSubstack(openZip(bytes), 'substack-export.zip');
const byTitle = (plan: ArchivePlan, title: string) => {
  const post = plan.posts.find((p) => p.title === title);
  if (!post) throw new Error(`no post ${title}`);
  return post;
};

describe('readSubstack', () => {
  it('reads the published posts and drafts with their titles, excerpts, dates, slugs and origin', () => {
    const plan = read();
    expect(plan.source).toBe('substack');
    expect(plan.fileName).toBe('substack-export.zip');
    expect(plan.posts.map((p) => [p.title, p.status, p.date, p.slug])).toEqual([
      ['Eleições municipais: o que muda, e o que não muda', 'published', '2023-10-02T11:30:00.000Z', 'eleicoes-municipais-o-que-muda'],
      ['Bastidores da apuração', 'published', '2023-11-15T09:00:00.000Z', 'bastidores-da-apuracao'],
      ['Rascunho sobre transporte', 'draft', FIXTURE_ZIP_TIME_READ, 'rascunho-sobre-transporte'],
      ['Episódio 1: a redação', 'published', '2024-01-10T08:00:00.000Z', 'episodio-1-a-redacao'],
      // is_published written FALSE
      ['Rascunho com data', 'draft', '2024-03-01T10:00:00.000Z', 'rascunho-com-data'],
    ]);
    const first = plan.posts[0]!;
    expect(first.origin).toEqual({ source: 'substack', id: '139482731', url: 'https://anapub.substack.com/p/eleicoes-municipais-o-que-muda' });
    // the subtitle, its CSV quoting and HTML reference undone
    expect(first.excerpt).toBe('Um guia para quem vota pela primeira vez, com "aspas" & tudo');
    // no subtitle: the first paragraph
    expect(byTitle(plan, 'Bastidores da apuração').excerpt).toBe('A apuração começa às 17h. Eu estava na sala de totalização.');
    // a draft has no public address
    expect(byTitle(plan, 'Rascunho sobre transporte').origin).toEqual({ source: 'substack', id: '140000003', url: null });
    for (const post of plan.posts) {
      expect(post.sourceCategories).toEqual([]);
      expect(post.language).toBeNull();
      expect(post.imageUrl).toBeNull();
      expect(rawHtmlIn(post.content)).toEqual([]);
    }
  });

  it('turns the body into Markdown without Substack’s furniture, keeping pictures with captions, footnotes, quotes and links', () => {
    const content = read().posts[0]!.content;
    expect(content).toContain('No domingo, **155 milhões** de eleitores vão às urnas.');
    // the original picture, not the CDN's resized copy, and its caption under it
    expect(content).toContain(
      '![Fila de eleitores numa escola](https://substack-post-media.s3.amazonaws.com/public/images/1a2b3c4d-0000-4000-8000-aaaaaaaaaaaa_1456x971.jpeg)\n\n*Fila numa seção eleitoral em [Recife](https://example.org/recife), em 2020.*',
    );
    expect(content).toContain('## O que muda\n');
    expect(content).toContain('obrigatória em 40 cidades\\[1]. Veja a lista:');
    expect(content).toMatch(/---\n\n\\\[1] Segundo o \*TSE\*, em setembro\.\n\nOutras cidades entram em 2026\.$/);
    expect(content).toContain('> “Votar é um direito e um dever”, disse a ministra.');
    // a button she made to another site stays a link
    expect(content).toContain('[Leia o guia do TSE](https://www.tse.jus.br/eleicoes/guia)');
    expect(content).toContain('[YouTube](https://www.youtube.com/watch?v=Ab12Cd34Ef5)');
    expect(content).toContain('> Confira seu local de votação no app e-Título.\n>\n> — TSE @tsejusbr <https://twitter.com/tsejusbr/status/1708812345678901234>');
    expect(content).toContain('[Como funcionam as urnas](https://outrapub.substack.com/p/urnas-eletronicas) (Outra Pub)');
    for (const furniture of ['Assine de graça', 'Subscribe', 'Share', 'Leave a comment', 'substackcdn.com', 'Read more', 'twitter_name', 'Type your email']) {
      expect(content).not.toContain(furniture);
    }
  });

  it('drops the paywall marker, subscribe forms, checkout buttons and the open-tracking pixel of a paid post, and says it will be open here', () => {
    const plan = read();
    expect(byTitle(plan, 'Bastidores da apuração').content).toBe(
      [
        'A apuração começa às 17h. Eu estava na sala de totalização.',
        'Do lado de dentro, o silêncio era total.',
        '![Painel de totalização](https://substack-post-media.s3.amazonaws.com/public/images/5e6f7a8b-1111-4111-8111-bbbbbbbbbbbb_1200x800.png)',
        '> Nenhum voto foi perdido.',
      ].join('\n\n'),
    );
    expect(plan.warnings).toContainEqual({ item: 'Bastidores da apuração', message: 'Só para assinantes pagantes no Substack: aqui ficará aberto a todos.' });
  });

  it('keeps a podcast’s notes with a link to its audio, and skips threads and podcasts without text, pages and rows whose text is missing', () => {
    const plan = read();
    expect(byTitle(plan, 'Episódio 1: a redação').content).toBe(
      '<https://api.substack.com/feed/podcast/140000005/8f1c2d.mp3>\n\nNeste episódio, a rotina de uma redação no dia da eleição.\n\nConvidada: Maria Lima.',
    );
    expect(plan.skipped).toEqual([
      { title: 'Conversa com leitores', kind: 'thread', reason: 'Conversa (thread) sem texto: não importada.' },
      { title: 'Episódio 2', kind: 'podcast', reason: 'Podcast sem texto (o áudio não é importado): não importado.' },
      { title: 'Post perdido', kind: 'newsletter', reason: 'Texto ausente na exportação (posts/140000007.post-perdido.html): não importado.' },
      { title: 'Sobre', kind: 'page', reason: 'Página, não post: não importada.' },
    ]);
  });

  it('dates an undated draft with the time the export was made, and says so', () => {
    const plan = read();
    expect(byTitle(plan, 'Rascunho sobre transporte').date).toBe(FIXTURE_ZIP_TIME_READ);
    expect(plan.warnings).toContainEqual({ item: 'Rascunho sobre transporte', message: 'Sem data na exportação: recebeu a data em que a exportação foi feita.' });
  });

  it('unwraps a picture that only links to its own larger copy on Substack’s CDN', () => {
    const cdn = 'https://substackcdn.com/image/fetch/f_auto,q_auto:good/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2Fmapa.png';
    const bytes = zipSync({
      'posts.csv': strToU8('post_id,post_date,is_published,type,audience,title,subtitle\n1.mapa,2024-01-01T00:00:00Z,true,newsletter,everyone,Mapa,\n'),
      'posts/1.mapa.html': strToU8(`<p>O mapa:</p><a class="image-link image2" target="_blank" href="${cdn}"><div class="image2-inset"><picture><img src="${cdn.replace('f_auto', 'w_1456,f_auto')}" alt="Mapa das seções"></picture></div></a>`),
    });
    expect(read(bytes).posts[0]!.content).toBe('O mapa:\n\n![Mapa das seções](https://substack-post-media.s3.amazonaws.com/public/images/mapa.png)');
  });

  it('lists every picture once, linked (Substack’s export carries none)', () => {
    expect(read().images).toEqual([
      { url: 'https://substack-post-media.s3.amazonaws.com/public/images/1a2b3c4d-0000-4000-8000-aaaaaaaaaaaa_1456x971.jpeg', entry: null },
      { url: 'https://substack-post-media.s3.amazonaws.com/public/images/5e6f7a8b-1111-4111-8111-bbbbbbbbbbbb_1200x800.png', entry: null },
    ]);
  });

  it('takes a picture from the zip when the zip carries the file a post names', () => {
    const chart = Uint8Array.from([137, 80, 78, 71, 1, 2, 3]);
    const bytes = zipSync({
      'posts.csv': strToU8('post_id,post_date,is_published,type,audience,title,subtitle\n1.grafico,2024-01-01T00:00:00Z,true,newsletter,everyone,Gráfico,\n'),
      'posts/1.grafico.html': strToU8('<p>Veja:</p><p><img src="images/chart.png" alt="Gráfico"></p>'),
      'posts/images/chart.png': chart,
    });
    const plan = read(bytes);
    expect(plan.images).toEqual([{ url: 'images/chart.png', entry: 'posts/images/chart.png' }]);
    expect(plan.readEntry!('posts/images/chart.png')).toEqual(chart);
  });

  it('counts the subscribers with an address, and keeps no address anywhere', () => {
    const plan = read();
    expect(plan.subscribers).toBe(3);
    const everything = JSON.stringify(plan);
    for (const address of ['leitora1@example.com', 'leitor2@example.com', 'leitora3@example.com']) expect(everything).not.toContain(address);
  });

  it('gives the same plan when the same file is read twice', () => {
    const bytes = zipFixture('substack');
    expect(read(bytes)).toEqual(read(bytes));
  });

  it('refuses a posts.csv that is not well-formed CSV, or lacks its columns', () => {
    const files = fixtureFiles('substack');
    const broken = zipSync({ ...files, 'posts.csv': strToU8('post_id,post_date,is_published,title\n1.a,2024-01-01,true,"Unclosed title\n') });
    expect(refusal(() => read(broken)).code).toBe('malformed_csv');
    const ragged = zipSync({ ...files, 'posts.csv': strToU8('post_id,post_date,is_published,title\n1.a,2024-01-01,true,Title,extra\n') });
    expect(refusal(() => read(ragged))).toMatchObject({ code: 'malformed_csv', detail: expect.stringMatching(/^posts\.csv, row 2: /) });
    const columns = zipSync({ ...files, 'posts.csv': strToU8('id,date,title\n1,2024-01-01,Title\n') });
    expect(refusal(() => read(columns))).toMatchObject({ code: 'malformed_csv', detail: 'posts.csv: no post_id column' });
  });
});

describe('originalImage', () => {
  it('undoes Substack’s image CDN, and leaves other addresses alone', () => {
    expect(originalImage('https://substackcdn.com/image/fetch/w_1456,c_limit,f_auto/https%3A%2F%2Fbucket.s3.amazonaws.com%2Fa%20b.png')).toBe(
      'https://bucket.s3.amazonaws.com/a b.png',
    );
    expect(originalImage('https://example.org/a.png')).toBe('https://example.org/a.png');
  });
});
