import { normalizeQuery, resultPath, searchPageFromParams, searchPath } from './search-paths';

describe('the reader\'s query', () => {
  it('keeps her words, spaces folded', () => {
    expect(normalizeQuery('  comunicação   de\tcrise ')).toBe('comunicação de crise');
    expect(normalizeQuery(null)).toBe('');
  });

  it('what Postgres refuses in any text never reaches it: NUL and control characters become spaces, lone surrogates U+FFFD', () => {
    expect(normalizeQuery('a\u0000b\u001b[31mc\u007fd')).toBe('a b [31mc d');
    expect(normalizeQuery('x\uD800y\uDFFFz')).toBe('x\uFFFDy\uFFFDz');
    expect(normalizeQuery('😀\uD83D')).toBe('😀\uFFFD');
  });

  it('at most 200 characters, never half of one', () => {
    expect(normalizeQuery('a'.repeat(10_000))).toHaveLength(200);
    const emoji = normalizeQuery('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

describe('search addresses', () => {
  it('a page of a query, the first page without its number', () => {
    expect(searchPath('pt', 'gestão de crise')).toBe('/pt/busca?q=gest%C3%A3o+de+crise');
    expect(searchPath('en', 'crisis', 2)).toBe('/en/search?q=crisis&page=2');
    expect(searchPath('pt')).toBe('/pt/busca');
  });

  it('a page number is a whole number from 1 to 1000', () => {
    const page = (value: string) => searchPageFromParams(new URLSearchParams({ page: value }));
    expect([page('2'), page('0'), page('-3'), page('1.5'), page('x'), page('99999')]).toEqual([2, 1, 1, 1, 1, 1000]);
  });

  it('a post at its address, a published piece at the published-work pages', () => {
    expect(resultPath({ kind: 'post', language: 'pt', slug: 'crise' })).toBe('/pt/crise');
    expect(resultPath({ kind: 'clip', language: 'pt', slug: 'crise' })).toBe('/pt/publicacoes/crise');
    expect(resultPath({ kind: 'clip', language: 'en', slug: 'crisis' })).toBe('/en/published-work/crisis');
  });
});
