import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { supabase } from '@/lib/supabase';
import type { TablesUpdate } from '@/types/database.types';
import type { BlogPost } from './get-admin-posts';

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

type Options = Omit<UseMutationOptions<BlogPost, Error, UpdatePostInput>, 'mutationFn'>;

export function useUpdatePost({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updatePost,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      await onSuccess?.(...args);
    },
  });
}
