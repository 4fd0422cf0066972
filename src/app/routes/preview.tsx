import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { postKeys } from '@/features/posts/api/keys';
import { ReviewPage } from '@/features/posts/components/review-page';
// The post page's chunk, which holds the article this page shares with it:
// without it the bundler splits their common code into a third chunk, which
// every post page would then load too.
import './post';

/** /preview?token=…: a review link (issue 26). The token is read from the address, here only. */
export default function PreviewRoute() {
  const token = useSearchParams()[0].get('token') ?? '';
  const queryClient = useQueryClient();
  // The review is its link holder's, and its query is not keyed by the token:
  // it leaves the cache with the page, so another link opened later in this
  // tab starts afresh. After the commit, and only when nothing watches it any
  // more (a remount, as StrictMode's, keeps it).
  useEffect(
    () => () => {
      setTimeout(() => queryClient.removeQueries({ queryKey: postKeys.review(), predicate: (q) => q.getObserversCount() === 0 }));
    },
    [queryClient],
  );
  return <ReviewPage key={token} token={token} />;
}
