import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { ClipsView } from '../lib/clips-params';
import { clipFileUrl } from '../lib/clip-file-url';
import { CLIP_COLUMNS, clipsDb, inListOrder, type PublicClip } from './clip-row';
import { clipKeys } from './keys';

/** Entries per page of the published-work list. */
export const CLIPS_PER_PAGE = 20;

/** A clip as an entry shows it: with the address its print file opens at. */
export interface ListedClip extends PublicClip {
  file_url: string | null;
}

export interface ClipsPage {
  page: number;
  clips: ListedClip[];
  hasMore: boolean;
}

export function withFileUrl(db: PublicDb, clip: PublicClip): ListedClip {
  return { ...clip, file_url: clip.file_path ? clipFileUrl(db.url, clip.file_path) : null };
}

/** The year's first day and the next year's: a date-only column compared as text sorts as dates. */
const yearRange = (year: number) => [`${String(year).padStart(4, '0')}-01-01`, `${String(year + 1).padStart(4, '0')}-01-01`] as const;

/**
 * One page of her published clips (RLS shows readers published ones only;
 * asked for explicitly too), featured first, then newest; one row more than a
 * page tells whether another follows.
 */
export async function getClipsPage(db: PublicDb, view: ClipsView): Promise<ClipsPage> {
  let query = clipsDb(db).from('clips').select(CLIP_COLUMNS).eq('status', 'published');
  if (view.outlet) query = query.eq('outlet', view.outlet);
  if (view.year) {
    const [from, to] = yearRange(view.year);
    query = query.gte('published_on', from).lt('published_on', to);
  }
  const from = (view.page - 1) * CLIPS_PER_PAGE;
  const { data, error } = await inListOrder(query).range(from, from + CLIPS_PER_PAGE);
  if (error) throw error;
  const rows = (data ?? []) as PublicClip[];
  return { page: view.page, clips: rows.slice(0, CLIPS_PER_PAGE).map((clip) => withFileUrl(db, clip)), hasMore: rows.length > CLIPS_PER_PAGE };
}

export const clipsQueryOptions = (db: PublicDb, view: ClipsView) =>
  queryOptions({ queryKey: clipKeys.page(view), queryFn: () => getClipsPage(db, view) });

export function useClipsPage(view: ClipsView) {
  return useQuery(clipsQueryOptions(usePublicDb(), view));
}
