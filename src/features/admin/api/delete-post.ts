import { supabase } from '@/lib/supabase';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/** Spec §7: delete blog_posts by id. */
export async function deletePost(id: string): Promise<void> {
  const { error } = await supabase.from('blog_posts').delete().eq('id', id);
  if (error) throw error;
}

export const useDeletePost = (options?: PostMutationOptions<void, string>) => usePostMutation(deletePost, options);
