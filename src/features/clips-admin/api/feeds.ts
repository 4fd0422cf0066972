import { useQuery } from '@tanstack/react-query';
import { clipsDb } from './db';
import { refusal } from './clip-error';
import { clipKeys } from './keys';
import type { ClipFeed } from './types';

/** The author pages and feeds she follows, by name. */
export async function listFeeds(): Promise<ClipFeed[]> {
  const answer = await clipsDb.from('clip_feeds').select('id, url, feed_url, title, outlet, language, last_checked_at').order('created_at');
  if (answer.error) throw refusal(answer);
  return answer.data as ClipFeed[];
}

export const useFeeds = () => useQuery({ queryKey: clipKeys.feeds(), queryFn: listFeeds });
