import { useEffect } from 'react';
import { whenSeen } from '../lib/when-seen';

/**
 * Counts one view of `page` ('/pt', '/en' or a public post's id) for this
 * page view (issue 27). The sender and its bot check are fetched only once
 * the page has been seen, so they never weigh on the first load. Re-renders
 * and a live refetch leave the effect alone; StrictMode's second effect
 * follows the cancel of the first: one view either way.
 */
export function usePageView(page: string): void {
  useEffect(
    () =>
      whenSeen(() => {
        import('../lib/send-view').then(({ sendView }) => sendView(page)).catch(() => {});
      }),
    [page],
  );
}
