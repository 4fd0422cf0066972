import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import { clipsDb } from './clip-row';
import { clipKeys } from './keys';

/** What the filters offer: every outlet (by name) and every year her published clips have, with how many each. */
export interface ClipFacets {
  outlets: { name: string; count: number }[];
  years: { year: number; count: number }[];
}

/** As [api] max_rows: no read returns more, so the columns are read in pages. */
const PAGE_ROWS = 1000;

/**
 * Two short columns of every published clip, counted here: PostgREST has no
 * DISTINCT, and thirty years of clips are a few thousand rows (5,000 read in
 * five requests: `npm run bench`, BENCH_ONLY=clips-pages).
 */
export async function getClipFacets(db: PublicDb): Promise<ClipFacets> {
  const outlets = new Map<string, number>();
  const years = new Map<number, number>();
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await clipsDb(db)
      .from('clips')
      .select('outlet, published_on')
      .eq('status', 'published')
      .order('id', { ascending: true })
      .range(from, from + PAGE_ROWS - 1);
    if (error) throw error;
    const rows = (data ?? []) as { outlet: string | null; published_on: string | null }[];
    for (const { outlet, published_on } of rows) {
      if (outlet?.trim()) outlets.set(outlet, (outlets.get(outlet) ?? 0) + 1);
      if (published_on) {
        const year = Number(published_on.slice(0, 4));
        years.set(year, (years.get(year) ?? 0) + 1);
      }
    }
    if (rows.length < PAGE_ROWS) break;
  }
  return {
    outlets: [...outlets].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    years: [...years].map(([year, count]) => ({ year, count })).sort((a, b) => b.year - a.year),
  };
}

export const clipFacetsQueryOptions = (db: PublicDb) => queryOptions({ queryKey: clipKeys.facets(), queryFn: () => getClipFacets(db) });

export function useClipFacets() {
  return useQuery(clipFacetsQueryOptions(usePublicDb()));
}
