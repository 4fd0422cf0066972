import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { isLanguage, type Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';

export interface SearchResult {
  kind: 'post' | 'clip';
  id: string;
  language: Language;
  slug: string;
  /** The title with each matched word between U+E000 and U+E001 (never HTML). */
  title: string;
  /** A short passage around the first match, marked the same way. */
  passage: string;
  /** A post's date (timestamp). */
  publishedAt: string | null;
  /** A published piece's date (day). */
  publishedOn: string | null;
  category: string | null;
  outlet: string | null;
}

export interface SearchAnswer {
  results: SearchResult[];
  /** Results in the page's language. */
  total: number;
  /** Results in the other language. */
  otherTotal: number;
}

export interface SearchRequest {
  q: string;
  language: Language;
  page: number;
}

/**
 * One page of results through public.search_site (issue 44): the same
 * function on the local backend and on a hosted project (the static
 * export), run under the visitor's row level security. The answer always
 * holds one row at least; a row whose kind is null only carries the counts.
 */
export async function searchSite(db: PublicDb, { q, language, page }: SearchRequest, signal?: AbortSignal): Promise<SearchAnswer> {
  let call = db.rpc('search_site', { q, lang: language, page });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  const rows = data ?? [];
  const results: SearchResult[] = [];
  for (const row of rows) {
    if ((row.kind !== 'post' && row.kind !== 'clip') || !isLanguage(row.language)) continue;
    results.push({
      kind: row.kind,
      id: row.id,
      language: row.language,
      slug: row.slug,
      title: row.title ?? '',
      passage: row.passage ?? '',
      publishedAt: row.published_at,
      publishedOn: row.published_on,
      category: row.category,
      outlet: row.outlet,
    });
  }
  return { results, total: Number(rows[0]?.total ?? 0), otherTotal: Number(rows[0]?.other_total ?? 0) };
}

export const searchKeys = {
  page: ({ q, language, page }: SearchRequest) => ['search', language, q, page] as const,
};

export const searchQueryOptions = (db: PublicDb, request: SearchRequest) =>
  queryOptions({
    queryKey: searchKeys.page(request),
    // The signal: a query left behind as she types is cancelled, so at most one is in flight.
    queryFn: ({ signal }) => searchSite(db, request, signal),
    enabled: request.q !== '',
    staleTime: 30_000,
  });

export function useSearch(request: SearchRequest) {
  return useQuery({ ...searchQueryOptions(usePublicDb(), request), placeholderData: keepPreviousData });
}
