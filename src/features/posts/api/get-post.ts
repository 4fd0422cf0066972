import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Post } from './get-posts';
import { postKeys } from './keys';

// blog_posts.id is a uuid: anything else cannot match a row, so we answer
// 'not found' without asking (PostgREST would reject it with 22P02).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Errors that mean "there is no such published post", not a failure. */
const NOT_FOUND_CODES = new Set(['PGRST116', '22P02']);

/** Spec §7: the published post with this id, as a single row; null when there is none. */
export async function getPublishedPost(db: PublicDb, id: string): Promise<Post | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await db.from('blog_posts').select('*').eq('id', id).eq('published', true).single();
  if (error) {
    if (NOT_FOUND_CODES.has(error.code)) return null;
    throw error;
  }
  return data;
}

export const postQueryOptions = (db: PublicDb, id: string) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: () => getPublishedPost(db, id) });

export function usePost(id: string) {
  return useQuery(postQueryOptions(usePublicDb(), id));
}
