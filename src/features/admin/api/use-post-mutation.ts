import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';

export type PostMutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/**
 * A write to blog_posts. On success it invalidates every posts query (public
 * lists and pages included), so the change shows at once in this browser,
 * then runs the caller's onSuccess.
 */
export function usePostMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  { onSuccess, ...options }: PostMutationOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
      await onSuccess?.(...args);
    },
  });
}
