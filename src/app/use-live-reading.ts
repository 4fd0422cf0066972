import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { postKeys } from '@/features/posts/api/keys';
import { settingsKeys } from '@/features/settings/api/keys';
import { supabaseConfig } from '@/lib/supabase-config';
import { whenReaderIsHere } from '@/lib/when-reader-is-here';

/**
 * An open /pt, /en or post page follows publishes, unpublishes, edits and
 * deletes without a reload (issue 15): each change refetches what the page
 * shows. The realtime client (its code and its socket) starts once the
 * reader is there: her first tap, key, scroll or pointer move, or her coming
 * back to the tab; a page that is only loaded, by a crawler or a tab opened
 * in the background, fetches none of it (issue 28). When it joins later than
 * CATCH_UP_AFTER_MS after the page's data, it reads that data again once,
 * since changes made in between were never heard.
 */
const CATCH_UP_AFTER_MS = 10_000;

export function useLiveReading(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const openedAt = performance.now();
    const refetchPosts = () => void queryClient.invalidateQueries({ queryKey: postKeys.all });
    const refetchSettings = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    const forget = whenReaderIsHere(() => {
      void import('./live-reading-client').then(({ followPublicChanges }) => {
        if (cancelled) return;
        stop = followPublicChanges({
          ...supabaseConfig(),
          onPostChange: refetchPosts,
          onSettingChange: refetchSettings,
          catchUpOnFirstJoin: performance.now() - openedAt > CATCH_UP_AFTER_MS,
        });
      });
    });
    return () => {
      cancelled = true;
      forget();
      stop?.();
    };
  }, [queryClient]);
}
