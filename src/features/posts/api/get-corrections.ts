import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Tables } from '@/types/database.types';
import { postKeys } from './keys';

export type Correction = Pick<Tables<'blog_post_corrections'>, 'id' | 'note' | 'created_at'>;

/**
 * A post's public corrections (issue 26), oldest first; RLS shows those of
 * posts the reader may read. Through the public reads, or her session's
 * client in the admin's "Correções".
 */
export async function getCorrections(db: Pick<PublicDb, 'from'>, postId: string): Promise<Correction[]> {
  const { data, error } = await db
    .from('blog_post_corrections')
    .select('id, note, created_at')
    .eq('post_id', postId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return data;
}

export const correctionsQueryOptions = (db: PublicDb, postId: string) =>
  queryOptions({ queryKey: postKeys.corrections(postId), queryFn: () => getCorrections(db, postId) });

/** `follow`: ask again every so often (a review page, which hears no live changes). */
export function useCorrections(postId: string, follow?: number) {
  return useQuery({ ...correctionsQueryOptions(usePublicDb(), postId), refetchInterval: follow ?? false });
}
