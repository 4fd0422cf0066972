import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { postKeys } from '@/features/posts/api/keys';
import { settingsKeys } from '@/features/settings/api/keys';
import { supabase } from '@/lib/supabase';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * The admin panel follows changes made elsewhere (another tab, her phone, the
 * API): every change to blog_posts or site_settings that her session may see
 * refreshes the lists, counts and settings (issue 15). An open post dialog
 * keeps its own copy, so nothing she is typing is replaced. The status says
 * when the live connection is lost and being retried (the client rejoins on
 * its own: 1 s, 2 s, 5 s, then every 10 s).
 */
export function useLiveChanges(): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    const channel = supabase
      .channel(`admin-live-${Math.random().toString(36).slice(2, 8)}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'blog_posts' }, () => {
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
      })
      .on('postgres_changes', { event: '*', schema: 'public', table: 'site_settings' }, () => {
        void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      })
      .subscribe((state) => {
        if (state === 'SUBSCRIBED') {
          setStatus('live');
          // What changed while the connection was down is read again.
          void queryClient.invalidateQueries({ queryKey: postKeys.all });
          void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
        } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
          setStatus('reconnecting');
        }
      });
    return () => void supabase.removeChannel(channel);
  }, [queryClient]);
  return status;
}
