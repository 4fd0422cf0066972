import { useQuery } from '@tanstack/react-query';
import { postKeys } from '@/features/posts/api/keys';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { usePostMutation, type PostMutationOptions } from './use-post-mutation';

/**
 * Review links (issue 26): a secret address that shows a post as it will be
 * published to whoever holds it. The database keeps only each token's hash
 * and makes the token (rpc create_review_link); revoking deletes the row.
 */
export type ReviewLink = Omit<Tables<'blog_post_review_links'>, 'token_hash'>;

/** A link just made: its token is in her hands only now. */
export interface NewReviewLink {
  id: string;
  token: string;
  expires_at: string;
}

export const REVIEW_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;

export const reviewLinkKeys = {
  live: (postId: string) => [...postKeys.adminList(), 'review-links', postId] as const,
};

/** The post's links that still work, the first to expire first. */
export async function getLiveReviewLinks(postId: string, now = new Date()): Promise<ReviewLink[]> {
  const { data, error } = await supabase
    .from('blog_post_review_links')
    .select('id, post_id, created_at, expires_at')
    .eq('post_id', postId)
    .gt('expires_at', now.toISOString())
    .order('expires_at', { ascending: true });
  if (error) throw error;
  return data;
}

export function useLiveReviewLinks(postId: string) {
  return useQuery({ queryKey: reviewLinkKeys.live(postId), queryFn: () => getLiveReviewLinks(postId) });
}

export async function createReviewLink({ postId, days }: { postId: string; days: number }): Promise<NewReviewLink> {
  const { data, error } = await supabase.rpc('create_review_link', { post_id: postId, days });
  if (error) throw error;
  const made = data[0];
  if (!made) throw new Error('create_review_link answered no link');
  return made;
}

/** Revoking a link already gone (expired and swept, revoked elsewhere) is no failure: it is gone either way. */
export async function revokeReviewLink(id: string): Promise<void> {
  const { error } = await supabase.from('blog_post_review_links').delete().eq('id', id);
  if (error) throw error;
}

export const useCreateReviewLink = (options?: PostMutationOptions<NewReviewLink, { postId: string; days: number }>) =>
  usePostMutation(createReviewLink, options);
export const useRevokeReviewLink = (options?: PostMutationOptions<void, string>) => usePostMutation(revokeReviewLink, options);
