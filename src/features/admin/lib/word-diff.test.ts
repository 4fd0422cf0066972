import { countChanges, countWords, wordChanges, wordsChanged } from './word-diff';

describe('wordChanges', () => {
  it('marks the words removed and added, keeping what stayed', () => {
    const changes = wordChanges('O porta-voz falou à imprensa.', 'O porta-voz não falou à imprensa ontem.');
    expect(changes.filter((c) => c.added).map((c) => c.value.trim())).toEqual(['não', 'ontem']);
    expect(changes.filter((c) => c.removed)).toEqual([]);
    expect(changes.filter((c) => !c.added).map((c) => c.value).join('')).toBe('O porta-voz falou à imprensa.');
  });

  it.each([
    ['Primeiro parágrafo.\n\nSegundo parágrafo, longo.\n\nTerceiro.', 'Primeiro parágrafo.\n\nTerceiro, revisto.'],
    ['Um.\n\nDois.', 'Um.\n\nDois.\n\nTrês.'],
    ['Um.\n\nDois.\n', 'Um.\n\nDois.'],
    ['', 'Texto novo.'],
    ['Texto velho.', ''],
    ['A\nB\nC', 'A\nX\nC\n\n'],
  ])('gives back each version whole from its side of the changes (%#)', (before, after) => {
    const changes = wordChanges(before, after);
    expect(changes.filter((c) => !c.added).map((c) => c.value).join('')).toBe(before);
    expect(changes.filter((c) => !c.removed).map((c) => c.value).join('')).toBe(after);
    expect(changes.every((c) => c.value !== '')).toBe(true);
  });

  it('a rewrite too large to compare word by word is "all removed, all added", still exact', () => {
    const before = Array.from({ length: 6000 }, (_, i) => `velha${i}`).join(' ');
    const after = Array.from({ length: 6000 }, (_, i) => `nova${i}`).join(' ');
    expect(wordChanges(before, after)).toEqual([
      { value: before, added: false, removed: true },
      { value: after, added: true, removed: false },
    ]);
  });

  it('most of a long post deleted is counted word for word', () => {
    const paragraphs = Array.from({ length: 60 }, (_, p) => Array.from({ length: 100 }, (_, w) => `p${p}w${w}`).join(' '));
    const before = paragraphs.join('\n\n');
    const after = `${paragraphs[0]!.split(' ').slice(0, 50).join(' ')}\n\n${paragraphs[1]}`;
    expect(countChanges(wordChanges(before, after))).toEqual({ added: 0, removed: 6000 - 150 });
  });
});

describe('counting words', () => {
  it('counts words, not punctuation or Markdown marks', () => {
    expect(countWords('## Intertítulo: **negrito**, _itálico_ e d’água — 2026!')).toBe(6);
    expect(countChanges(wordChanges('um dois três quatro', 'um três cinco seis'))).toEqual({ added: 2, removed: 2 });
  });

  it('counts across the title, the excerpt and the text', () => {
    const older = { title: 'Crise', excerpt: null, content: 'Três parágrafos inteiros de texto aqui.' };
    const newer = { title: 'Crise na TV', excerpt: 'Resumo', content: 'Três.' };
    expect(wordsChanged(older, newer)).toEqual({ added: 3, removed: 5 });
  });
});
