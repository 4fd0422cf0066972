import { queryOptions, useQuery } from '@tanstack/react-query';
import { isLanguage, otherLanguage } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Post } from './get-posts';
import { postKeys } from './keys';

/** What a post page needs of its other-language version: the link and its label. */
export type Translation = Pick<Post, 'id' | 'title' | 'language' | 'slug'>;

export type TranslatablePost = Pick<Post, 'id' | 'language' | 'translation_group'>;

/**
 * The published version of `post` in the other language (issue 13), or null
 * when it has none: not linked, a draft, or deleted. A post that is not
 * linked costs no request.
 */
export async function getPublishedTranslation(db: PublicDb, post: TranslatablePost): Promise<Translation | null> {
  if (!post.translation_group || !isLanguage(post.language)) return null;
  const { data, error } = await db
    .from('blog_posts')
    .select('id, title, language, slug')
    .eq('translation_group', post.translation_group)
    .eq('language', otherLanguage(post.language))
    .eq('published', true)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export const translationQueryOptions = (db: PublicDb, post: TranslatablePost) =>
  queryOptions({
    queryKey: postKeys.translation(post.id, post.translation_group),
    queryFn: () => getPublishedTranslation(db, post),
  });

export function usePublishedTranslation(post: TranslatablePost) {
  return useQuery(translationQueryOptions(usePublicDb(), post));
}
