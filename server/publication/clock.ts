/**
 * The publication clock (issue 23): a scheduled post (published, its date
 * ahead of public.site_now()) becomes visible at its minute by row-level
 * security alone, with no write. Nothing in the local backend would notice:
 * kept pages, feeds and the sitemap are kept until the content version moves
 * (site/document-cache.ts), and Realtime hears only what the capture triggers
 * log. So at each scheduled time this clock, in ONE transaction:
 *
 * - moves private.site_content_version, so every kept document is made again;
 * - logs to local_backend.realtime_changes an UPDATE for each post that became
 *   visible, its old and new versions the row as it is, so Realtime sends it
 *   through its usual path, judged against the policies at delivery;
 * - moves its watermark (local_backend.meta): the site time up to which
 *   visibility changes were announced.
 *
 * Announced: exactly the published posts with watermark < date <= now that
 * were last written before their date (a post written on or after its date
 * was visible when written, and that write told everyone). The watermark is
 * in the same transaction, so a crash or a restart at any point neither loses
 * nor repeats an announcement, and two servers on one PostgreSQL database
 * take turns on its row. When the site's clock goes back (tests reset the
 * skew), the watermark goes back with it: the posts it hides again are
 * announced again when the clock reaches them again.
 *
 * When: a timer for the next scheduled time; a new look whenever something
 * may have changed the schedule (on PGlite, the write count moved: a save may
 * add, move or cancel a schedule, and moving the test clock is a write too;
 * on PostgreSQL, where other processes write unseen, every few seconds); and
 * at least every RECHECK_MS whatever happens, so a missed timer or a machine
 * that slept hides nothing for long. Each look is one indexed read
 * (blog_posts_scheduled_idx); the transaction runs only when there is
 * something to announce.
 */
import type { Database } from '../db/database.ts';
import { isPgError } from '../db/database.ts';

/** The longest a due post can wait for a look, on PGlite (which tells this process of every write). */
export const RECHECK_MS = 30_000;
/** On PostgreSQL other processes (a second server, psql, create-admin) change the schedule unseen. */
export const RECHECK_MS_POSTGRES = 5_000;
/** How often PGlite's write count is compared (no query unless it moved). */
const WATCH_MS = 1_000;
/** After a failed look (the database restarting), the first retry; doubling up to the recheck. */
const RETRY_MS = 1_000;

const WATERMARK_KEY = 'publication_clock_announced_until';

/**
 * The site's time as public.site_now() gives it, but the statement's own
 * instant rather than its transaction's: read after the watermark's row lock,
 * it is no earlier than what another server announced up to before us.
 */
const SITE_CLOCK = `clock_timestamp() + coalesce((select skew from private.site_clock), interval '0')`;

/** A timestamp as text that reads back exactly, whatever the session's zone and date style. */
const asText = (ts: string) => `to_char((${ts}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Published, visible by `now`, not announced yet, and hidden when last written. */
const DUE = `p.published and p.date > clock.mark and p.date <= clock.now and p.updated_at < p.date`;

/** Milliseconds from `now` to the next scheduled time (null: none). */
const WAIT_MS = `(select extract(epoch from min(p.date) - clock.now) * 1000 from public.blog_posts p
                   where p.published and p.date > clock.now and isfinite(p.date))::float8`;

const CLOCK = `(select ${SITE_CLOCK} as now,
                       (select value::timestamptz from local_backend.meta where key = $1) as mark) as clock`;

/** The look: nothing written. */
const LOOK = `select clock.mark is null or clock.mark > clock.now
                     or exists (select 1 from public.blog_posts p where ${DUE}) as announce,
                     ${WAIT_MS} as wait_ms
                from ${CLOCK}`;

/** Takes the watermark's row (made at the site's present on the very first look, so nothing older is announced). */
const LOCK = `insert into local_backend.meta (key, value) values ($1, ${asText(SITE_CLOCK)})
              on conflict (key) do update set value = local_backend.meta.value`;

/** Everything an announcement writes, in one statement after the lock. */
const ANNOUNCE = `with clock as (select * from ${CLOCK}),
  due as (select p.id, to_jsonb(p) as row from public.blog_posts p, clock where ${DUE}),
  logged as (
    insert into local_backend.realtime_changes (change)
    select jsonb_build_object('schema', 'public', 'table', 'blog_posts', 'type', 'UPDATE',
                              'record', due.row, 'old_record', due.row, 'commit_timestamp', now())
      from due
     where exists (select 1 from pg_publication_tables
                    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'blog_posts')
    returning 1),
  bumped as (
    update private.site_content_version set version = version + 1, changed_at = now()
     where exists (select 1 from due)
    returning 1),
  moved as (
    update local_backend.meta set value = (select ${asText('clock.now')} from clock) where key = $1
    returning 1)
  select (select coalesce(jsonb_agg(id order by id), '[]'::jsonb) from due) as announced,
         (select ${WAIT_MS} from clock) as wait_ms`;

/** What the site's database lacks when it was not made by this site's migrations (fixtures of server tests). */
const READY = `select to_regclass('private.site_clock') is not null
                  and to_regclass('private.site_content_version') is not null
                  and to_regclass('public.blog_posts') is not null as ready`;

export interface PublicationClockOptions {
  db: Database;
  /** The longest wait between two looks; default RECHECK_MS on PGlite, RECHECK_MS_POSTGRES on PostgreSQL. */
  recheckMs?: number;
  /** Told of each announcement (tests, logs). */
  onAnnounce?: (postIds: string[]) => void;
}

export interface PublicationClock {
  /** Looks now (and announces what is due); resolves when that look is done. */
  check(): Promise<void>;
  /** No more looks; resolves once the one under way has finished. */
  stop(): Promise<void>;
}

export function startPublicationClock(options: PublicationClockOptions): PublicationClock {
  const { db } = options;
  const recheckMs = options.recheckMs ?? (db.writes === undefined ? RECHECK_MS_POSTGRES : RECHECK_MS);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let ready: boolean | undefined;
  /** The write count when the last look began (PGlite). */
  let seenWrites: number | undefined;
  let failures = 0;
  let running: Promise<void> | undefined;
  let again = false;

  const plan = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void check(), Math.max(0, Math.ceil(ms)));
    timer.unref();
  };

  async function look(): Promise<void> {
    ready ??= (await db.query<{ ready: boolean }>(READY)).rows[0]?.ready === true;
    if (!ready) return;
    // Before the read: a write landing meanwhile makes the next watch look again.
    seenWrites = db.writes;
    const { rows } = await db.query<{ announce: boolean; wait_ms: number | null }>(LOOK, [WATERMARK_KEY]);
    let wait = rows[0]?.wait_ms ?? null;
    if (rows[0]?.announce) {
      const before = db.writes;
      const [, done] = await db.batch([
        { sql: LOCK, params: [WATERMARK_KEY] },
        { sql: ANNOUNCE, params: [WATERMARK_KEY] },
      ]);
      const row = done!.rows[0] as { announced: string[]; wait_ms: number | null };
      wait = row.wait_ms;
      // Only our own write moved the count: nothing to look at again for it.
      if (before !== undefined && seenWrites === before && db.writes === before + 1) seenWrites = db.writes;
      if (row.announced.length > 0) options.onAnnounce?.(row.announced);
    }
    failures = 0;
    plan(Math.min(wait ?? Infinity, recheckMs));
  }

  function check(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await look();
        } catch (e) {
          if (stopped) break;
          // The database restarting or busy: try again soon, then less often.
          console.error('[publication clock] looking at the schedule failed:', isPgError(e) ? `${e.code} ${e.message}` : e);
          plan(Math.min(RETRY_MS * 2 ** failures++, recheckMs));
        }
      } while (again && !stopped && ready !== false);
    })().finally(() => (running = undefined));
    return running;
  }

  // PGlite: only this process writes, and its count says when the schedule may have changed.
  const watch = db.writes === undefined ? undefined : setInterval(() => {
    if (ready !== false && db.writes !== seenWrites) void check();
  }, WATCH_MS);
  watch?.unref();

  void check();
  return {
    check,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(watch);
      await running;
    },
  };
}
