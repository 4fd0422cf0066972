import type { Language } from '@/lib/language';

/**
 * What the published-work list shows, read from its address in the page's
 * language: ?veiculo= / ?outlet= (the outlet's name as stored), ?ano= /
 * ?year=, ?pagina= / ?page=. Plain links, so every view is a page a reader
 * without JavaScript or a crawler reaches. Pure: the page, its hooks and the
 * server renderer read the address the same way.
 */
export interface ClipsView {
  outlet: string | null;
  year: number | null;
  page: number;
}

export const CLIPS_PARAMS: Record<Language, { outlet: string; year: string; page: string }> = {
  pt: { outlet: 'veiculo', year: 'ano', page: 'pagina' },
  en: { outlet: 'outlet', year: 'year', page: 'page' },
};

/** As the blog's listing: keeps a made-up ?pagina=99999999 from becoming a huge offset. */
const MAX_PAGE = 10_000;

/** As the column allows (clips_texts_bounded); a longer value is nobody's, and would only multiply the server's kept pages. */
const MAX_OUTLET = 200;

export function clipsViewFromParams(language: Language, params: URLSearchParams): ClipsView {
  const names = CLIPS_PARAMS[language];
  const outlet = (params.get(names.outlet) ?? '').trim();
  const year = params.get(names.year) ?? '';
  const page = params.get(names.page) ?? '';
  return {
    outlet: outlet && outlet.length <= MAX_OUTLET ? outlet : null,
    year: /^\d{4}$/.test(year) ? Number(year) : null,
    page: /^\d{1,5}$/.test(page) && Number(page) >= 1 && Number(page) <= MAX_PAGE ? Number(page) : 1,
  };
}

/** The query string of a view (nothing for the whole list's first page), in a fixed order: one address per view. */
export function clipsSearch(language: Language, view: ClipsView): string {
  const names = CLIPS_PARAMS[language];
  const params = new URLSearchParams();
  if (view.outlet) params.set(names.outlet, view.outlet);
  if (view.year) params.set(names.year, String(view.year));
  if (view.page > 1) params.set(names.page, String(view.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const isWholeList = (view: ClipsView) => !view.outlet && !view.year && view.page === 1;
