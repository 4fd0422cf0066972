import { PostgrestClient } from '@supabase/postgrest-js';
import { createContext, useContext, type ReactNode } from 'react';
import type { Database } from '@/types/database.types';

/**
 * The public pages' read-only data client: the same PostgREST query builder
 * that `supabase.from()` is (supabase-js creates exactly this class, same
 * version), with the anon key, and without the auth, realtime and storage
 * clients that visitors never use (decision 030).
 *
 * It comes from context, not a module singleton: the browser makes one from
 * its configuration (main.tsx), and the server renderer makes one per site it
 * renders (the local backend in-process, or a hosted project for the static
 * export), so the same query options fetch the same rows in both places.
 * Reads are anonymous on purpose: the public site shows what any visitor may see.
 */
export type PublicDb = PostgrestClient<Database>;

export interface PublicDbConfig {
  /** The project URL (hosted Supabase, or the local backend's origin). */
  url: string;
  /** The anon / publishable key. */
  key: string;
  /** Defaults to the global fetch, looked up at call time (test doubles and polyfills installed later apply). */
  fetch?: typeof fetch;
}

export function createPublicDb({ url, key, fetch: customFetch }: PublicDbConfig): PublicDb {
  return new PostgrestClient<Database>(new URL('rest/v1', url.endsWith('/') ? url : `${url}/`).href, {
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'X-Client-Info': 'supabase-js-web/public-reads' },
    fetch: customFetch ?? ((...args) => fetch(...args)),
  });
}

const PublicDbContext = createContext<PublicDb | null>(null);

export function PublicDbProvider({ db, children }: { db: PublicDb; children: ReactNode }) {
  return <PublicDbContext.Provider value={db}>{children}</PublicDbContext.Provider>;
}

export function usePublicDb(): PublicDb {
  const db = useContext(PublicDbContext);
  if (!db) throw new Error('usePublicDb: no <PublicDbProvider> above this component (see src/app/provider.tsx).');
  return db;
}
