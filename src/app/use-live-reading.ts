import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { postKeys } from '@/features/posts/api/keys';
import { settingsKeys } from '@/features/settings/api/keys';
import { supabaseConfig } from '@/lib/supabase-config';

/**
 * An open /pt, /en or post page follows publishes, unpublishes, edits and
 * deletes without a reload (issue 15): each change refetches what the page
 * shows. The realtime client is fetched once the browser is idle after the
 * first render, so it never weighs on the page's first load.
 */
export function useLiveReading(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      void import('./live-reading-client').then(({ followPublicChanges }) => {
        if (cancelled) return;
        stop = followPublicChanges({
          ...supabaseConfig(),
          onPostChange: () => void queryClient.invalidateQueries({ queryKey: postKeys.all }),
          onSettingChange: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        });
      });
    };
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 3000 }) : window.setTimeout(start, 1500);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      stop?.();
    };
  }, [queryClient]);
}
