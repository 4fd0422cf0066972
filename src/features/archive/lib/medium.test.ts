import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { rawHtmlIn } from './fixtures/raw-html';
import { FIXTURE_ZIP_TIME_READ, zipFixture } from './fixtures/zip-folder';
import { readMedium } from './medium';
import type { ArchivePlan } from './plan';
import { openZip } from './zip';

const read = (bytes = zipFixture('medium')) => readMedium(openZip(bytes), 'medium-export.zip');
const byTitle = (plan: ArchivePlan, title: string) => {
  const post = plan.posts.find((p) => p.title === title);
  if (!post) throw new Error(`no post ${title}`);
  return post;
};

describe('readMedium', () => {
  it('reads the stories and drafts of posts/ (and nothing of the profile, claps or bookmarks)', () => {
    const plan = read();
    expect(plan.source).toBe('medium');
    expect(plan.posts.map((p) => [p.title, p.status, p.date, p.slug])).toEqual([
      ['A reportagem que mudou minha carreira', 'published', '2019-03-12T14:25:31.618Z', 'a-reportagem-que-mudou-minha-carreira'],
      // its address has no slug (medium.com/@anasouza/d41e5f6a7b8c): the file's name gives it
      ['Uma carta aos leitores', 'published', '2021-01-15T09:00:00.000Z', 'uma-carta-aos-leitores'],
      // a draft_ file: no publication time, dated by the export, slug from the file's name
      ['Notas sobre o julgamento', 'draft', FIXTURE_ZIP_TIME_READ, 'notas-sobre-o-julgamento'],
    ]);
    for (const post of plan.posts) {
      expect(post.language).toBeNull();
      expect(rawHtmlIn(post.content)).toEqual([]);
    }
  });

  it('keys each story by Medium’s id, from its canonical address, or the draft’s "View original" link', () => {
    const plan = read();
    expect(plan.posts.map((p) => p.origin)).toEqual([
      { source: 'medium', id: '3f9a8b7c6d5e', url: 'https://medium.com/@anasouza/a-reportagem-que-mudou-minha-carreira-3f9a8b7c6d5e' },
      { source: 'medium', id: 'd41e5f6a7b8c', url: 'https://medium.com/@anasouza/d41e5f6a7b8c' },
      { source: 'medium', id: '0a1b2c3d4e5f', url: null },
    ]);
  });

  it('takes the subtitle as excerpt, else the first paragraph, and the tags as the categories to map', () => {
    const plan = read();
    const story = byTitle(plan, 'A reportagem que mudou minha carreira');
    expect(story.excerpt).toBe('Três meses numa redação do interior, e o que aprendi sobre ouvir');
    expect(story.sourceCategories).toEqual(['Jornalismo', 'Carreira']);
    expect(byTitle(plan, 'Uma carta aos leitores').excerpt).toBe('Depois de doze anos, esta coluna termina. Obrigada a quem leu & escreveu.');
    expect(byTitle(plan, 'Uma carta aos leitores').sourceCategories).toEqual([]);
  });

  it('turns the body into Markdown as the post page shows it', () => {
    const story = byTitle(read(), 'A reportagem que mudou minha carreira');
    // the featured picture that opens the story is its cover; its caption opens the text
    expect(story.imageUrl).toBe('https://cdn-images-1.medium.com/max/800/1*Qx7Lm3Rt9VbNcD2eWfYgHh.jpeg');
    expect(story.imageAlt).toBe('Redação de jornal à noite');
    expect(story.content).toBe(
      [
        '*A redação do *Diário*, em 2009.*',
        'Em 2009 eu cheguei a Caruaru com uma mala e um gravador. O editor me deu **uma semana** e [uma pauta](https://example.org/diario).',
        '## A primeira pauta',
        'Ninguém queria falar.',
        '### O gravador',
        '> “Você só escuta quem você deixa falar.”',
        '```\ngrep -c "entrevista" caderno.txt\n42\n```',
        '1. Chegar cedo.\n2. Anotar tudo.',
        '---',
        '[YouTube](https://www.youtube.com/watch?v=Zx9Yw8Vu7Ts)',
        '*Entrevista na TV local.*',
        '[O que ficou de Caruaru](https://medium.com/@anasouza/o-que-ficou-de-caruaru-9b8a7c6d5e4f)',
        'Obrigada por ler.',
      ].join('\n\n'),
    );
  });

  it('drops the repeated title line of a story without subtitle, and keeps a picture that is not featured in the text', () => {
    const letter = byTitle(read(), 'Uma carta aos leitores');
    expect(letter.content).toBe('Depois de doze anos, *esta coluna* termina. Obrigada a quem leu & escreveu.\n\n![](https://cdn-images-1.medium.com/max/800/0*ZyXwVu.png)');
    expect(letter.imageUrl).toBeNull();
    expect(byTitle(read(), 'Notas sobre o julgamento').content).toBe('O júri se reuniu às nove. A defesa pediu mais tempo.\n\nContinuar depois da sentença.');
  });

  it('skips a response (no title line of its own, its title the start of its text), and lists it', () => {
    expect(read().skipped).toEqual([
      { title: 'Concordo com você, mas o dado de 2019 é outro.', kind: 'response', reason: 'Resposta (comentário) a outra história no Medium: não importada.' },
    ]);
  });

  it('lists every picture once, linked (Medium’s export carries none), cover first', () => {
    expect(read().images).toEqual([
      { url: 'https://cdn-images-1.medium.com/max/800/1*Qx7Lm3Rt9VbNcD2eWfYgHh.jpeg', entry: null },
      { url: 'https://cdn-images-1.medium.com/max/800/0*ZyXwVu.png', entry: null },
    ]);
  });

  it('warns about embeds kept as links and drafts dated by the export', () => {
    expect(read().warnings).toEqual([
      { item: 'A reportagem que mudou minha carreira', message: 'Conteúdo incorporado mantido como link: https://www.youtube.com/watch?v=Zx9Yw8Vu7Ts' },
      { item: 'Notas sobre o julgamento', message: 'Sem data na exportação: recebeu a data em que a exportação foi feita.' },
    ]);
  });

  it('skips a file of posts/ that holds no Medium story', () => {
    const plan = read(zipFixture('medium', { extra: { 'posts/notes.html': strToU8('<html><body><p>not a story</p></body></html>') } }));
    expect(plan.skipped).toContainEqual({ title: 'notes.html', kind: 'file', reason: 'Arquivo sem história do Medium: ignorado.' });
    expect(plan.posts).toHaveLength(3);
  });

  it('gives the same plan when the same file is read twice', () => {
    const bytes = zipFixture('medium');
    expect(read(bytes)).toEqual(read(bytes));
  });

});
