import type { Language } from './language';

/**
 * The database counts up to 1,001 (public.search_site): past 1,000 the
 * number is a bound, and the page says so rather than show it.
 */
export const COUNTED_UP_TO = 1000;
const ptNumber = new Intl.NumberFormat('pt-BR');
const enNumber = new Intl.NumberFormat('en');

/**
 * The words of search (issue 44), in both languages; `pt` defines the shape
 * and `en` must match it. Apart from i18n.ts so that another feature's
 * dictionary and this one change without touching each other.
 */
const pt = {
  box: 'Buscar',
  placeholder: 'Buscar no site',
  heading: 'Busca',
  title: (q: string) => (q ? `“${q}” — Busca` : 'Busca'),
  found: (n: number, q: string) =>
    n > COUNTED_UP_TO ? `Mais de ${ptNumber.format(COUNTED_UP_TO)} resultados para “${q}”` : n === 1 ? `1 resultado para “${q}”` : `${ptNumber.format(n)} resultados para “${q}”`,
  none: (q: string) => `Nenhum resultado para “${q}”`,
  otherLanguage: (n: number) =>
    n > COUNTED_UP_TO ? `Mais de ${ptNumber.format(COUNTED_UP_TO)} resultados em inglês` : n === 1 ? '1 resultado em inglês' : `${ptNumber.format(n)} resultados em inglês`,
  suggestions: 'Veja os posts por categoria:',
  searching: 'Buscando…',
  failed: 'Não foi possível buscar agora. Tente de novo em instantes.',
  kind: { post: 'Post', clip: 'Publicação' },
  pages: 'Páginas de resultados',
  previous: 'Resultados anteriores',
  next: 'Próximos resultados',
  pageOf: (page: number) => `Página ${page}`,
};

type Dictionary = { [K in keyof typeof pt]: (typeof pt)[K] extends (...args: infer A) => string ? (...args: A) => string : (typeof pt)[K] };

const en: Dictionary = {
  box: 'Search',
  placeholder: 'Search the site',
  heading: 'Search',
  title: (q) => (q ? `“${q}” — Search` : 'Search'),
  found: (n, q) =>
    n > COUNTED_UP_TO ? `More than ${enNumber.format(COUNTED_UP_TO)} results for “${q}”` : n === 1 ? `1 result for “${q}”` : `${enNumber.format(n)} results for “${q}”`,
  none: (q) => `No results for “${q}”`,
  otherLanguage: (n) =>
    n > COUNTED_UP_TO ? `More than ${enNumber.format(COUNTED_UP_TO)} results in Portuguese` : n === 1 ? '1 result in Portuguese' : `${enNumber.format(n)} results in Portuguese`,
  suggestions: 'Browse the posts by category:',
  searching: 'Searching…',
  failed: 'Search is not available right now. Please try again in a moment.',
  kind: { post: 'Post', clip: 'Published piece' },
  pages: 'Result pages',
  previous: 'Previous results',
  next: 'More results',
  pageOf: (page) => `Page ${page}`,
};

export const searchTexts = (language: Language): Dictionary => (language === 'pt' ? pt : en);
