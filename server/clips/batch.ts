/**
 * A batch of clip jobs run to its end by the caller's own worker (the
 * command line), while any other worker (the local backend's) may take some
 * of them: the same jobs and the same code as the admin screen's.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ClipsFetch } from './fetch.ts';
import type { ClipJob } from './jobs.ts';
import { runJob } from './worker.ts';

export interface JobRequest {
  kind: ClipJob['kind'];
  input?: string | null;
  options?: Record<string, unknown>;
}

export interface FinishedJob {
  id: string;
  kind: string;
  input: string | null;
  state: 'done' | 'failed';
  result: Record<string, unknown> | null;
  error: string | null;
  clip_id: string | null;
}

export async function runBatch(client: SupabaseClient, fetch: ClipsFetch, requests: JobRequest[], pollMs = 500): Promise<FinishedJob[]> {
  const batch = randomUUID();
  const rows = requests.map((r) => ({ batch, kind: r.kind, input: r.input ?? null, options: r.options ?? {} }));
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await client.from('clip_jobs').insert(rows.slice(i, i + 500));
    if (error) throw new Error(error.message);
  }
  for (;;) {
    const { data, error } = await client.rpc('clip_jobs_claim', { max_jobs: 4 });
    if (error) throw new Error(error.message);
    const claimed = (data ?? []) as ClipJob[];
    await Promise.all(claimed.map((job) => runJob(client, fetch, job)));
    const { data: jobs, error: readError } = await client.from('clip_jobs')
      .select('id, kind, input, state, result, error, clip_id').eq('batch', batch).order('created_at').order('id');
    if (readError) throw new Error(readError.message);
    if (jobs!.every((j) => j.state === 'done' || j.state === 'failed')) return jobs as FinishedJob[];
    if (!claimed.length) await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
