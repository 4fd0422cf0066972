import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/types/database.types';
import { supabaseConfig } from './supabase-config';

/**
 * The public pages' read-only data client: the same PostgREST query builder
 * that `supabase.from()` is (supabase-js creates exactly this class, same
 * version), with the anon key, and without the auth, realtime and storage
 * clients that visitors never use. It keeps the first load of /pt within its
 * size budget; see docs/decisions/ (public reads without the session client).
 * Reads are anonymous on purpose: the public site shows what any visitor may see.
 */
const { url, key } = supabaseConfig();

export const publicDb = new PostgrestClient<Database>(new URL('rest/v1', url.endsWith('/') ? url : `${url}/`).href, {
  headers: { apikey: key, Authorization: `Bearer ${key}`, 'X-Client-Info': 'supabase-js-web/public-reads' },
  // Look fetch up at call time (as supabase-js does), so test doubles and polyfills installed later apply.
  fetch: (...args) => fetch(...args),
});
