import { queryOptions, useQuery } from '@tanstack/react-query';
import { clipsDb } from './db';
import { refusal } from './clip-error';
import { listClips } from './clips';
import { clipKeys } from './keys';

export const clipsQueryOptions = () => queryOptions({ queryKey: clipKeys.list(), queryFn: listClips });

export const useClips = () => useQuery(clipsQueryOptions());

/** How many clips' originals are gone, for the tab's own badge (read apart: the tab's list loads when opened). */
export async function countDeadClips(): Promise<number> {
  const answer = await clipsDb.from('clips').select('id', { count: 'exact', head: true }).eq('link_status', 'dead');
  if (answer.error) throw refusal(answer);
  return answer.count ?? 0;
}

export const useDeadCount = () =>
  useQuery({ queryKey: [...clipKeys.all, 'dead-count'], queryFn: countDeadClips, retry: false, staleTime: 60_000, refetchOnWindowFocus: false });
