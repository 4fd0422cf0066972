/**
 * PGlite runs no autovacuum: on the embedded default nothing ever vacuumed
 * or analysed the tables. Dead rows of every edit stayed in the files, the
 * visibility map was never set (an index-only scan read the heap for every
 * row) and the planner kept the statistics of the day a table was created.
 * Measured on the search bench (decision 300): a search for a word in no
 * text took 32 ms before `vacuum (analyze)` and 0.9 ms after; a common word
 * 100 ms and 70 ms. So the embedded server does what autovacuum does on
 * PostgreSQL, once a night and once soon after it starts (a restart after
 * an import must not wait for the night). PostgreSQL and hosted Supabase
 * have autovacuum: nothing runs there.
 */
import type { Database } from './database.ts';
import { slotAfter, type TimeOfDay } from '../backup/schedule.ts';

/** Site time (America/Sao_Paulo): the quietest hour of a Brazilian site, before the 05:00 backups' default. */
export const MAINTENANCE_AT: TimeOfDay = { hour: 4, minute: 30 };
/** After a start: the first readers and her first save come before it. */
export const FIRST_MAINTENANCE_MS = 10 * 60_000;

export interface Maintenance {
  /** Vacuums and analyses every table now (tests, and each scheduled run); ms it took. */
  runNow(): Promise<number>;
  stop(): Promise<void>;
}

/** One plain VACUUM (ANALYZE) of the whole database: it takes no lock a reader waits for on PostgreSQL, and PGlite's one connection is held about a second per 100 MB. */
export async function vacuumAnalyze(db: Database): Promise<number> {
  const start = performance.now();
  await db.exec('vacuum (analyze)');
  return performance.now() - start;
}

export function startEmbeddedMaintenance(
  db: Database,
  { at = MAINTENANCE_AT, firstAfterMs = FIRST_MAINTENANCE_MS, now = () => new Date(), log = (message: string) => console.error(message) }:
  { at?: TimeOfDay; firstAfterMs?: number; now?: () => Date; log?: (message: string) => void } = {},
): Maintenance | undefined {
  if (db.kind !== 'pglite') return undefined;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const runNow = () => {
    running ??= vacuumAnalyze(db)
      .catch((e: unknown) => {
        // Tried again at the next slot; the site works without it, only slower.
        log(`The database's nightly vacuum failed: ${e instanceof Error ? e.message : String(e)}`);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const arm = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runNow().then(() => arm(Math.max(1000, +slotAfter(now(), at) - +now())));
    }, delayMs);
    timer.unref();
  };
  arm(Math.min(firstAfterMs, Math.max(0, +slotAfter(now(), at) - +now())));
  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
