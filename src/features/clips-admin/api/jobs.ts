import { adminText } from '@/lib/i18n-admin';
import { clipsDb } from './db';
import { refusal } from './clip-error';
import type { ClipJob, JobKind } from './types';
import { newUuid } from '../lib/new-uuid';

export interface NewJob {
  kind: JobKind;
  input?: string | null;
  clip_id?: string | null;
  options?: Record<string, unknown>;
}

const JOB_COLUMNS = 'id, batch, kind, input, clip_id, options, state, result, error, created_at, finished_at';

/** One submission: its jobs share a new batch id, inserted in one request (all or none). */
export async function submitJobs(jobs: NewJob[]): Promise<{ batch: string; jobs: ClipJob[] }> {
  const batch = newUuid();
  const answer = await clipsDb
    .from('clip_jobs')
    .insert(jobs.map((job) => ({ batch, options: {}, ...job })))
    .select(JOB_COLUMNS);
  if (answer.error) throw refusal(answer);
  return { batch, jobs: answer.data as ClipJob[] };
}

/** The jobs of one batch, in the order she gave them. */
export async function readBatch(batch: string): Promise<ClipJob[]> {
  const answer = await clipsDb.from('clip_jobs').select(JOB_COLUMNS).eq('batch', batch).order('created_at').order('id');
  if (answer.error) throw refusal(answer);
  return answer.data as ClipJob[];
}

export const isPending = (job: ClipJob) => job.state === 'queued' || job.state === 'working';

/** A job the server could not do: its reason, already in Portuguese. */
export class JobFailed extends Error {
  override name = 'JobFailed';
}

/**
 * Waits for one job, reading it every `interval` ms; its result when done,
 * a JobFailed with the server's reason when failed. The screen shows what it
 * is doing meanwhile; `signal` stops the wait when she closes the dialog.
 */
export async function waitForJob(job: ClipJob, signal: AbortSignal, interval = 1000): Promise<ClipJob> {
  for (;;) {
    const [current] = await readBatch(job.batch).then((jobs) => jobs.filter((j) => j.id === job.id));
    if (!current) throw new JobFailed(adminText.clips.errors.jobGone);
    if (current.state === 'done') return current;
    if (current.state === 'failed') throw new JobFailed(current.error ?? adminText.clips.errors.server(''));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, interval);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      }, { once: true });
    });
  }
}
