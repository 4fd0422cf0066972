import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Tables } from '@/types/database.types';
import { fediverseKeys } from './keys';

/** An approved reply as readers see it (the columns granted to anon). */
export type PublicReply = Pick<Tables<'fediverse_replies'>, 'id' | 'url' | 'author_name' | 'author_handle' | 'author_url' | 'avatar_url' | 'content' | 'published'>;

/** At most this many replies under a post: a thread that grows past it links to the fediverse for the rest. */
export const REPLIES_SHOWN = 200;

/**
 * The approved replies to a post, oldest first (RLS shows approved replies of
 * public posts only). Empty when they cannot be read: the post itself must
 * still be served (a database without the fediverse's tables).
 */
export async function getReplies(db: PublicDb, postId: string): Promise<PublicReply[]> {
  const { data, error } = await db
    .from('fediverse_replies')
    .select('id, url, author_name, author_handle, author_url, avatar_url, content, published')
    .eq('post_id', postId)
    .eq('state', 'approved')
    .order('published', { ascending: true })
    .order('id', { ascending: true })
    .limit(REPLIES_SHOWN);
  if (error) return [];
  return data;
}

export const repliesQueryOptions = (db: PublicDb, postId: string) =>
  queryOptions({ queryKey: fediverseKeys.replies(postId), queryFn: () => getReplies(db, postId) });

export function useReplies(postId: string) {
  return useQuery(repliesQueryOptions(usePublicDb(), postId));
}
