import type { Language } from '@/lib/language';

/** The query is cut here (issue 44); the database cuts it again. */
export const MAX_QUERY_LENGTH = 200;
/** As the database allows (public.search_site): past it, the last page it serves. */
export const MAX_SEARCH_PAGE = 1000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A reader's text as the query: control characters become spaces (a NUL is
 * refused by Postgres in any text), lone surrogates become U+FFFD (refused in
 * JSON by Postgres too), runs of spaces one, at most 200 characters, never
 * cutting a character in two.
 */
export function normalizeQuery(raw: string | null | undefined): string {
  const clean = (raw ?? '')
    .replace(LONE_SURROGATE, '\uFFFD')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(clean).slice(0, MAX_QUERY_LENGTH).join('').trim();
}

export function searchPageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? Math.min(page, MAX_SEARCH_PAGE) : 1;
}

/** /pt/busca and /en/search: the search page of each language. */
export const SEARCH_PATHS: Record<Language, string> = { pt: '/pt/busca', en: '/en/search' };

/** A search page's address: `/pt/busca?q=crise&page=2` (no q: the box alone). */
export function searchPath(language: Language, q = '', page = 1): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (q && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${SEARCH_PATHS[language]}?${query}` : SEARCH_PATHS[language];
}

/** Where a published piece is read on her site (issue 43's pages). */
const CLIP_BASE: Record<Language, string> = { pt: '/pt/publicacoes', en: '/en/published-work' };

export function resultPath(result: { kind: 'post' | 'clip'; language: Language; slug: string }): string {
  const base = result.kind === 'clip' ? CLIP_BASE[result.language] : `/${result.language}`;
  return `${base}/${encodeURIComponent(result.slug)}`;
}
