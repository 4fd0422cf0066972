import { useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { supabase } from '@/lib/supabase';
import { getCorrections, type Correction } from '@/features/posts/api/get-corrections';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/**
 * Public corrections of a published post (issue 26): dated notes at the end
 * of the post, oldest first. Adding one stamps the post's revised_at (the
 * database's trigger), never its updated_at, and sends no mail.
 */
export type { Correction };

export const CORRECTION_MAX_LENGTH = 500;

export const correctionKeys = {
  list: (postId: string) => [...postKeys.adminList(), 'corrections', postId] as const,
};

export function useCorrections(postId: string) {
  return useQuery({ queryKey: correctionKeys.list(postId), queryFn: () => getCorrections(supabase, postId) });
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
