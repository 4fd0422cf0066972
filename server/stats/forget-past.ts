/**
 * Reading statistics (issue 27): a day's salt and visitor hashes must die
 * with the day, even a quiet one with no view after it to rotate them (the
 * first view of a day forgets the days before in the database itself). This
 * looks once a minute; when a past day's rows are there it deletes them
 * (private.stats_forget_past()) and then rewrites the three small private
 * tables with VACUUM FULL, so the deleted salt's bytes leave the table files
 * instead of waiting for a vacuum that PGlite never runs. Hosted Supabase:
 * the same two statements on a pg_cron schedule (README).
 */
import type { Database } from '../db/database.ts';

export const FORGET_CHECK_MS = 60_000;

const PAST = `select exists (select 1 from private.stats_salts where day < public.site_today())
                  or exists (select 1 from private.stats_seen where day < public.site_today())
                  or exists (select 1 from private.stats_rate where day < public.site_today()) as due`;

/** Forgets the past days' salts, hashes and counts if any are left; how many rows went. */
export async function forgetPastStats(db: Database): Promise<number> {
  const [look] = (await db.query<{ due: boolean }>(PAST)).rows;
  if (!look?.due) return 0;
  const [done] = (await db.query<{ forgotten: number }>('select private.stats_forget_past() as forgotten')).rows;
  // Outside any transaction (VACUUM refuses one): a new file for each table, the old one unlinked.
  await db.exec('vacuum full private.stats_salts, private.stats_rate, private.stats_seen');
  return Number(done?.forgotten ?? 0);
}

export interface StatsForgetting {
  /** The look now (tests, and the first one at start). */
  runNow(): Promise<number>;
  stop(): Promise<void>;
}

export function startStatsForgetting({ db, intervalMs = FORGET_CHECK_MS }: { db: Database; intervalMs?: number }): StatsForgetting {
  let running: Promise<number> | undefined;
  let stopped = false;
  const runNow = () => {
    running ??= forgetPastStats(db)
      // A failed look (the database restarting) is tried again at the next tick.
      .catch(() => 0)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void runNow();
  }, intervalMs);
  timer.unref();
  void runNow();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
