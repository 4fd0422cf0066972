import { describe, expect, it } from 'vitest';
import { searchTexts } from './i18n-search';

describe('the counts a search page says', () => {
  it('says the number in each language’s own way, up to 1,000', () => {
    expect(searchTexts('pt').found(1, 'crise')).toBe('1 resultado para “crise”');
    expect(searchTexts('pt').found(1000, 'crise')).toBe('1.000 resultados para “crise”');
    expect(searchTexts('en').found(1000, 'crisis')).toBe('1,000 results for “crisis”');
    expect(searchTexts('pt').otherLanguage(374)).toBe('374 resultados em inglês');
    expect(searchTexts('en').otherLanguage(1)).toBe('1 result in Portuguese');
  });

  it('past 1,000 (the database stops counting at 1,001) says "more than 1,000", never the bound', () => {
    expect(searchTexts('pt').found(1001, 'crise')).toBe('Mais de 1.000 resultados para “crise”');
    expect(searchTexts('en').found(1011, 'crisis')).toBe('More than 1,000 results for “crisis”');
    expect(searchTexts('pt').otherLanguage(1001)).toBe('Mais de 1.000 resultados em inglês');
    expect(searchTexts('en').otherLanguage(1001)).toBe('More than 1,000 results in Portuguese');
  });
});
