/**
 * Loaded only after a public page has rendered (a lazy import), so readers
 * download the realtime client without delaying the first paint. Anonymous,
 * with the public key: RLS lets it hear about published posts only (and,
 * without their content, that a post was unpublished).
 */
import { RealtimeClient } from '@supabase/realtime-js';

export interface LiveReadingTarget {
  url: string;
  key: string;
  onPostChange: () => void;
  onSettingChange: () => void;
  /** Read everything again on the first join too: the page's data is older than the subscription (use-live-reading.ts). */
  catchUpOnFirstJoin?: boolean;
}

export function followPublicChanges({ url, key, onPostChange, onSettingChange, catchUpOnFirstJoin = false }: LiveReadingTarget): () => void {
  const endpoint = new URL('realtime/v1', url.endsWith('/') ? url : `${url}/`);
  endpoint.protocol = endpoint.protocol.replace('http', 'ws');
  const client = new RealtimeClient(endpoint.href, { params: { apikey: key } });
  let joined = false;
  const channel = client
    .channel('public-live')
    .on('postgres_changes', { event: '*', schema: 'public', table: 'blog_posts' }, onPostChange)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'site_settings' }, onSettingChange)
    .subscribe((status) => {
      if (status !== 'SUBSCRIBED') return;
      // Joined again after the connection was lost (a server restart, a
      // network change): what changed meanwhile, a scheduled post going out
      // among it, was never heard, so the page reads everything again.
      if (joined || catchUpOnFirstJoin) {
        onPostChange();
        onSettingChange();
      }
      joined = true;
    });
  return () => {
    void client.removeChannel(channel);
    void client.disconnect();
  };
}
