import { isbot } from 'isbot';
import { supabaseConfig } from '@/lib/supabase-config';
import { storedAccessToken } from './stored-session';
import { viewReferrer } from './view-referrer';

/** Whether document.referrer was used already: the first view sent is the one the referrer led to. */
let referrerUsed = false;

/**
 * One view of `page` to public.record_view, fetched with keepalive so it
 * survives the reader leaving, never awaited, and silent whatever happens:
 * a beacon never shows an error. Crawlers (isbot) send nothing. The admin's
 * own session token goes with it, so the database leaves her visits out.
 */
export function sendView(page: string): void {
  try {
    if (isbot(navigator.userAgent)) return;
    const firstView = !referrerUsed;
    referrerUsed = true;
    const referrer = viewReferrer({ address: new URL(window.location.href), documentReferrer: document.referrer, firstView });
    const { url, key } = supabaseConfig();
    const stored = storedAccessToken(url);
    if (stored === null) return;
    const token = stored ?? key;
    fetch(new URL('rest/v1/rpc/record_view', url.endsWith('/') ? url : `${url}/`), {
      method: 'POST',
      keepalive: true,
      // Nothing of the reader's goes with it, and nothing comes back to keep.
      credentials: 'omit',
      headers: { apikey: key, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page, referrer }),
    }).catch(() => {});
  } catch {
    // No configuration, no URL: no view, and no error for the reader.
  }
}
