import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import { CLIP_COLUMNS, clipsDb, inListOrder, type PublicClip } from './clip-row';
import { withFileUrl, type ListedClip } from './get-clips';
import { clipKeys } from './keys';

/** How many clips the home's short section shows. */
export const HOME_CLIPS = 4;

/** The home's section: the featured clips, then the latest, at most HOME_CLIPS in all (one read). */
export async function getHomeClips(db: PublicDb): Promise<ListedClip[]> {
  const { data, error } = await inListOrder(clipsDb(db).from('clips').select(CLIP_COLUMNS).eq('status', 'published')).limit(HOME_CLIPS);
  if (error) throw error;
  return ((data ?? []) as PublicClip[]).map((clip) => withFileUrl(db, clip));
}

export const homeClipsQueryOptions = (db: PublicDb) => queryOptions({ queryKey: clipKeys.home(), queryFn: () => getHomeClips(db) });

export function useHomeClips() {
  return useQuery(homeClipsQueryOptions(usePublicDb()));
}
