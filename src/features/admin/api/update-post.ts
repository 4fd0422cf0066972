import { supabase } from '@/lib/supabase';
import type { TablesUpdate } from '@/types/database.types';
import type { BlogPost } from './get-admin-posts';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

export interface UpdatePostInput {
  id: string;
  changes: TablesUpdate<'blog_posts'>;
}

/** Spec §7: update blog_posts by id and return it (406 if no row: RLS hid it or it was deleted). */
export async function updatePost({ id, changes }: UpdatePostInput): Promise<BlogPost> {
  const { data, error } = await supabase.from('blog_posts').update(changes).eq('id', id).select().single();
  if (error) throw error;
  return data;
}

export const useUpdatePost = (options?: PostMutationOptions<BlogPost, UpdatePostInput>) => usePostMutation(updatePost, options);
