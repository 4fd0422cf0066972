import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Tables } from '@/types/database.types';
import { postKeys } from './keys';

export type Post = Tables<'blog_posts'>;

/** Spec §7: published blog_posts of one language, newest first. */
export async function getPublishedPosts(db: PublicDb, language: Language): Promise<Post[]> {
  const { data, error } = await db
    .from('blog_posts')
    .select('*')
    .eq('language', language)
    .eq('published', true)
    .order('date', { ascending: false });
  if (error) throw error;
  return data;
}

export const postsQueryOptions = (db: PublicDb, language: Language) =>
  queryOptions({ queryKey: postKeys.publicList(language), queryFn: () => getPublishedPosts(db, language) });

export function usePosts(language: Language) {
  return useQuery(postsQueryOptions(usePublicDb(), language));
}
