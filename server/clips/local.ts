/**
 * The local backend's clips worker: a service-key client of the server's
 * own API (the same doors hosted uses), the clips fetch, and the link check
 * looked at hourly (each clip is checked weekly; a failing one a day later).
 */
import { createClient } from '@supabase/supabase-js';
import type { Queryable } from '../db/database.ts';
import type { Resolver } from '../outbound/public-fetch.ts';
import { createClipsFetch } from './fetch.ts';
import { startClipsWorker, type ClipsWorker } from './worker.ts';

export interface ClipsWorkerStart {
  allowHosts?: readonly string[];
  /** Tests only: plays DNS. */
  resolver?: Resolver;
  idleMs?: number;
  /** Default hourly; 0 turns the automatic link check off (tests run it by hand). */
  linkCheckEveryMs?: number;
}

/** As clip_jobs_claim takes them: queued and due, or a claim that lapsed. A plain select: no write. */
const DUE_SQL = `select exists (select 1 from public.clip_jobs
   where (state = 'queued' and run_after <= now()) or (state = 'working' and started_at < now() - interval '2 minutes')) as due`;

export function startLocalClipsWorker(
  options: ClipsWorkerStart,
  api: { url: string; serviceRoleKey: string; siteUrl?: string },
  db?: Queryable,
): ClipsWorker {
  const client = createClient(api.url, api.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  const fetch = createClipsFetch({ allowHosts: options.allowHosts, resolver: options.resolver, siteUrl: api.siteUrl });
  return startClipsWorker({
    client,
    fetch,
    idleMs: options.idleMs ?? 1_000,
    linkCheckEveryMs: options.linkCheckEveryMs ?? 60 * 60_000,
    log: (message) => console.error(message),
    anyDue: db && (async () => (await db.query<{ due: boolean }>(DUE_SQL)).rows[0]?.due === true),
  });
}
