import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { supabase } from '@/lib/supabase';
import type { TablesInsert } from '@/types/database.types';
import type { BlogPost } from './get-admin-posts';

/** Spec §7: insert one blog_posts row and return it. */
export async function createPost(row: TablesInsert<'blog_posts'>): Promise<BlogPost> {
  const { data, error } = await supabase.from('blog_posts').insert(row).select().single();
  if (error) throw error;
  return data;
}

type Options = Omit<UseMutationOptions<BlogPost, Error, TablesInsert<'blog_posts'>>, 'mutationFn'>;

/** Invalidates every posts query, so the public pages show the new post at once. */
export function useCreatePost({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createPost,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      await onSuccess?.(...args);
    },
  });
}
