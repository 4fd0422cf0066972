import { supabase } from '@/lib/supabase';
import type { NewPostRow } from '../lib/post-form-values';
import type { BlogPost } from './get-admin-posts';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/** Spec §7: insert one blog_posts row and return it. Without a slug the database makes it. */
export async function createPost(row: NewPostRow): Promise<BlogPost> {
  const { data, error } = await supabase
    .from('blog_posts')
    .insert(row)
    .select()
    .single();
  if (error) throw error;
  return data;
}

export const useCreatePost = (options?: PostMutationOptions<BlogPost, NewPostRow>) => usePostMutation(createPost, options);
