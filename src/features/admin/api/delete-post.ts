import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { supabase } from '@/lib/supabase';

/** Spec §7: delete blog_posts by id. */
export async function deletePost(id: string): Promise<void> {
  const { error } = await supabase.from('blog_posts').delete().eq('id', id);
  if (error) throw error;
}

type Options = Omit<UseMutationOptions<void, Error, string>, 'mutationFn'>;

export function useDeletePost({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deletePost,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      await onSuccess?.(...args);
    },
  });
}
