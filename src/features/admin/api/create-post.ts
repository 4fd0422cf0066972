import { supabase } from '@/lib/supabase';
import type { TablesInsert } from '@/types/database.types';
import type { BlogPost } from './get-admin-posts';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/** Spec §7: insert one blog_posts row and return it. */
export async function createPost(row: TablesInsert<'blog_posts'>): Promise<BlogPost> {
  const { data, error } = await supabase.from('blog_posts').insert(row).select().single();
  if (error) throw error;
  return data;
}

export const useCreatePost = (options?: PostMutationOptions<BlogPost, TablesInsert<'blog_posts'>>) => usePostMutation(createPost, options);
