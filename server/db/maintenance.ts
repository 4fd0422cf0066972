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

export interface MaintenanceRun {
  /** The whole run, ms. */
  ms: number;
  /** The tables vacuumed or analysed, each as its own statement. */
  tables: number;
  /** The longest of them: the longest any other caller waited behind the maintenance. */
  longest?: { table: string; ms: number };
}

export interface Maintenance {
  /** Vacuums and analyses every table that needs it now (tests, and each scheduled run). */
  runNow(): Promise<MaintenanceRun>;
  stop(): Promise<void>;
}

/**
 * What autovacuum would do now, by its default thresholds: vacuum when a
 * fifth of a table's rows are dead or were inserted since (the visibility
 * map), or its oldest xid nears the freeze age; analyse when a tenth changed.
 * A table never vacuumed nor analysed since these statistics began (a new
 * database, or a kill -9, which loses them) gets both. Empty files have
 * nothing to do; pg_statistic is never analysed (ANALYZE skips it, so its
 * count of changes since never falls), as autovacuum never does.
 */
const DUE_SQL = `
select format('%I.%I', s.schemaname, s.relname) as name,
       (s.last_vacuum is null and s.last_analyze is null)
         or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
         or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
         or age(c.relfrozenxid) > 150000000 as vacuum,
       c.oid <> 'pg_catalog.pg_statistic'::regclass
         and ((s.last_vacuum is null and s.last_analyze is null)
              or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)) as analyze
  from pg_catalog.pg_stat_all_tables s
  join pg_catalog.pg_class c on c.oid = s.relid
 where c.relkind in ('r', 'm') and s.schemaname <> 'information_schema' and s.schemaname !~ '^pg_toast'
   and pg_catalog.pg_relation_size(c.oid) > 0
 order by 1`;

/**
 * Table by table, each its own statement: PGlite has one connection, and a
 * VACUUM of the whole database held it for every table at once (1.6 s on
 * the search bench's 20,000 posts and 5,000 clips), while between two
 * tables here a reader's request takes its turn. Tables nothing changed in since the last run are left
 * alone, as autovacuum leaves them.
 */
export async function vacuumAnalyze(db: Database): Promise<MaintenanceRun> {
  const start = performance.now();
  // PGlite's backend writes its table counters lazily: flushed at the end of this statement, read by the next.
  await db.query('select pg_catalog.pg_stat_force_next_flush()');
  await db.query('select 1');
  const due = (await db.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE_SQL)).rows.filter((t) => t.vacuum || t.analyze);
  let longest: MaintenanceRun['longest'];
  for (const table of due) {
    const t0 = performance.now();
    await db.exec(table.vacuum ? `vacuum ${table.analyze ? '(analyze) ' : ''}${table.name}` : `analyze ${table.name}`);
    const ms = performance.now() - t0;
    if (!longest || ms > longest.ms) longest = { table: table.name, ms };
  }
  return { ms: performance.now() - start, tables: due.length, longest };
}

export function startEmbeddedMaintenance(
  db: Database,
  { at = MAINTENANCE_AT, firstAfterMs = FIRST_MAINTENANCE_MS, now = () => new Date(), log = (message: string) => console.error(message) }:
  { at?: TimeOfDay; firstAfterMs?: number; now?: () => Date; log?: (message: string) => void } = {},
): Maintenance | undefined {
  if (db.kind !== 'pglite') return undefined;
  let running: Promise<MaintenanceRun> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const runNow = () => {
    running ??= vacuumAnalyze(db)
      .catch((e: unknown) => {
        // Tried again at the next slot; the site works without it, only slower.
        log(`The database's nightly vacuum failed: ${e instanceof Error ? e.message : String(e)}`);
        return { ms: 0, tables: 0 };
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
