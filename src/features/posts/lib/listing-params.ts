import { CATEGORY_PARAM, isCategoryOf, type Category } from '@/lib/categories';
import type { Language } from '@/lib/language';

/**
 * What a home page's blog listing shows, read from its URL: the category
 * (?category=Crisis%20Communication, exactly as stored on the posts) and the
 * page (?page=2). Pure, so the page, its hooks and the server renderer read
 * the URL the same way. Anything missing or unknown means 'all' / page 1.
 */
export type CategoryChoice = Category | 'all';

export const PAGE_PARAM = 'page';
/** Far beyond any real blog; keeps a made-up ?page=99999999 from becoming a huge offset. */
export const MAX_PAGE = 10_000;

export function categoryFromParams(language: Language, params: URLSearchParams): CategoryChoice {
  const raw = params.get(CATEGORY_PARAM) ?? '';
  return isCategoryOf(language, raw) ? raw : 'all';
}

export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM) ?? '';
  const page = Number(raw);
  return /^\d{1,5}$/.test(raw) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The query string of a listing (no parameter for 'all' and page 1), e.g. `?category=Others&page=2`. */
export function listingSearch(category: CategoryChoice, page: number): string {
  const params = new URLSearchParams();
  if (category !== 'all') params.set(CATEGORY_PARAM, category);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
