import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { CLIPS_PATH } from '@/lib/paths';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import { clipKeys } from './keys';

/** A post that had this list's address before it was reserved for her published work (migration 20261128140000). */
export interface MovedPost {
  title: string;
  slug: string;
}

/**
 * The list answers at /pt/publicacoes and /en/published-work, so the old
 * address of a post moved from there cannot redirect to it (every other old
 * address does): the list names it and links to where it is now. RLS shows
 * the old address of a post the reader may read only.
 */
export async function getMovedPost(db: PublicDb, language: Language): Promise<MovedPost | null> {
  const reserved = CLIPS_PATH[language].split('/').pop()!;
  const { data: old, error } = await db.from('blog_post_slugs').select('post_id').eq('language', language).eq('slug', reserved).maybeSingle();
  if (error) throw error;
  if (!old) return null;
  const { data: post, error: postError } = await db.from('blog_posts').select('title, slug').eq('id', old.post_id).maybeSingle();
  if (postError) throw postError;
  return post;
}

export const movedPostQueryOptions = (db: PublicDb, language: Language) =>
  queryOptions({ queryKey: clipKeys.movedPost(language), queryFn: () => getMovedPost(db, language) });

export function useMovedPost(language: Language) {
  return useQuery(movedPostQueryOptions(usePublicDb(), language));
}
