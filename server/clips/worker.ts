/**
 * The clips worker: claims queued clip jobs through the API (service key) —
 * the same code in the local backend, where it starts with the server, and
 * beside a hosted project (`npm run clips -- worker`) — runs each, and
 * records a failure with its reason. A host that asked to wait (429/503)
 * puts the job back for later. With a weekly link check when `linkCheck` is
 * on (the local backend's; hosted runs `npm run clips -- check` on a schedule).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PublicFetchError } from '../outbound/public-fetch.ts';
import type { ClipsFetch } from './fetch.ts';
import { HANDLERS, type ClipJob } from './jobs.ts';
import { runLinkCheck } from './link-check.ts';

export interface ClipsWorkerOptions {
  client: SupabaseClient;
  fetch: ClipsFetch;
  /** Between looks at an empty queue. */
  idleMs?: number;
  /** Jobs run at once (different outlets mostly; each fetch has its own deadline). */
  concurrency?: number;
  /** How often the due links are looked at (the check itself is weekly per clip). 0: never. */
  linkCheckEveryMs?: number;
  log?: (message: string) => void;
  /**
   * A read-only look for due jobs before claiming (the local backend's own
   * database): claiming is a write, and on PGlite a write every idle second
   * would make every kept page read the content version again and wake the
   * publication clock (as anyMailDue spares the mail worker).
   */
  anyDue?: () => Promise<boolean>;
}

export interface ClipsWorker {
  /** Runs every due job, then resolves: tests and `--once`. */
  drain(): Promise<number>;
  /** One pass of the link check of the due clips now. */
  checkLinks(): ReturnType<typeof runLinkCheck>;
  stop(): Promise<void>;
}

export async function runJob(client: SupabaseClient, fetch: ClipsFetch, job: ClipJob): Promise<'done' | 'failed' | 'later'> {
  const handler = HANDLERS[job.kind];
  try {
    if (!handler) throw new Error(`Tipo de tarefa desconhecido: ${job.kind}.`);
    await handler({ client, fetch }, job);
    return 'done';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retryAt = error instanceof PublicFetchError && error.code === 'busy' ? error.retryAt : undefined;
    const { error: recordError } = await client.rpc('clip_job_fail', { job_id: job.id, reason: message, retry_at: retryAt?.toISOString() ?? null });
    if (recordError) throw new Error(recordError.message, { cause: error });
    return retryAt ? 'later' : 'failed';
  }
}

export function startClipsWorker(options: ClipsWorkerOptions): ClipsWorker {
  const { client, fetch, idleMs = 1_000, concurrency = 4, linkCheckEveryMs = 0, log = () => {}, anyDue } = options;
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let linkTimer: NodeJS.Timeout | undefined;

  const claim = async (): Promise<ClipJob[]> => {
    const { data, error } = await client.rpc('clip_jobs_claim', { max_jobs: concurrency });
    if (error) throw new Error(error.message);
    return (data ?? []) as ClipJob[];
  };

  const drainOnce = async (): Promise<number> => {
    if (anyDue && !(await anyDue())) return 0;
    let done = 0;
    for (;;) {
      const jobs = await claim();
      if (!jobs.length) return done;
      await Promise.all(jobs.map((job) => runJob(client, fetch, job)));
      done += jobs.length;
    }
  };

  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    drain()
      .catch((error: unknown) => log(`clips worker: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, idleMs);
      });
  };
  timer = setTimeout(tick, 0);

  const checkLinks = () => runLinkCheck(client, fetch, false);
  if (linkCheckEveryMs > 0) {
    linkTimer = setInterval(() => {
      checkLinks().catch((error: unknown) => log(`clips link check: ${error instanceof Error ? error.message : String(error)}`));
    }, linkCheckEveryMs);
    linkTimer.unref();
  }

  return {
    drain,
    checkLinks,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(linkTimer);
      await running?.catch(() => {});
      await fetch.close();
    },
  };
}
