import { useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/**
 * Public corrections of a published post (issue 26): dated notes at the end
 * of the post, oldest first. Adding one stamps the post's revised_at (the
 * database's trigger), never its updated_at, and sends no mail.
 */
export type Correction = Tables<'blog_post_corrections'>;

export const CORRECTION_MAX_LENGTH = 500;

export const correctionKeys = {
  list: (postId: string) => [...postKeys.adminList(), 'corrections', postId] as const,
};

export async function getCorrections(postId: string): Promise<Correction[]> {
  const { data, error } = await supabase
    .from('blog_post_corrections')
    .select('*')
    .eq('post_id', postId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return data;
}

export function useCorrections(postId: string) {
  return useQuery({ queryKey: correctionKeys.list(postId), queryFn: () => getCorrections(postId) });
}

export async function addCorrection({ postId, note }: { postId: string; note: string }): Promise<void> {
  // return=minimal: the row comes back with the list's refetch.
  const { error } = await supabase.from('blog_post_corrections').insert({ post_id: postId, note: note.trim() });
  if (error) throw error;
}

export async function withdrawCorrection(id: string): Promise<void> {
  const { error } = await supabase.from('blog_post_corrections').delete().eq('id', id);
  if (error) throw error;
}

// Through usePostMutation: the public post pages and feeds in this browser refresh with it.
export const useAddCorrection = (options?: PostMutationOptions<void, { postId: string; note: string }>) =>
  usePostMutation(addCorrection, options);
export const useWithdrawCorrection = (options?: PostMutationOptions<void, string>) => usePostMutation(withdrawCorrection, options);
