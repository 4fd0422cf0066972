import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Post } from './get-posts';
import { postKeys } from './keys';

/** A review link's token as the database makes it: 64 hex digits. Anything else matches no link. */
const TOKEN = /^[0-9a-f]{64}$/;

/** How often an open review page asks again while its tab is visible: anon hears no draft through Realtime. */
export const REVIEW_POLL_MS = 5000;

/**
 * The post a review link leads to (issue 26), as it stands, through
 * public.review_post(token): the row while the link lives, null otherwise
 * (wrong, malformed, expired or revoked token, post deleted: the same null).
 * A token the database could never have made costs no request.
 */
export async function getReviewPost(db: PublicDb, token: string): Promise<Post | null> {
  if (!TOKEN.test(token)) return null;
  const { data, error } = await db.rpc('review_post', { token }).overrideTypes<Post[], { merge: false }>();
  if (error) throw error;
  return data[0] ?? null;
}

export const reviewQueryOptions = (db: PublicDb, token: string) =>
  queryOptions({ queryKey: postKeys.review(), queryFn: () => getReviewPost(db, token) });

/**
 * The review page's post, following her saves: asked again every
 * REVIEW_POLL_MS while the tab is visible (React Query pauses the interval in
 * a hidden tab) and whenever it comes back into focus. A link found dead
 * stays dead: no more asking.
 */
export function useReviewPost(token: string) {
  return useQuery({
    ...reviewQueryOptions(usePublicDb(), token),
    refetchInterval: (query) => (query.state.data ? REVIEW_POLL_MS : false),
    refetchOnWindowFocus: (query) => (query.state.data ? 'always' : false),
  });
}
