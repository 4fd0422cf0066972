/**
 * The publication clock (issue 23) against the site's real migrations, on
 * PGlite in its thread and, with TEST_DATABASE_URL, on PostgreSQL: what it
 * writes when a scheduled post's time comes (one UPDATE in the change log per
 * post, the content version moved, the watermark), and what it must not (a
 * cancelled or moved schedule, a post published at once, an announcement
 * again after a failed transaction or a restart). The clock is moved with
 * private.site_clock, never waited for; what a reader sees of it:
 * tests/integration/scheduled-posts.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { FIXTURE_MIGRATIONS } from '../db/fixtures/paths.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate, createDatabaseFromTemplate } from '../db/testing/templates.ts';
import { startPublicationClock, type PublicationClock } from './clock.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const targets = [{ name: 'PGlite' }, ...(serverUrl ? [{ name: 'PostgreSQL' }] : [])] as const;

/** A fresh database with the site's migrations: PGlite in its thread (as the server runs it) or a new PostgreSQL database. */
async function openSiteDatabase(name: string, migrationsDir = MIGRATIONS): Promise<{ db: Database; done: () => Promise<void> }> {
  // A copy of the migrated schema (decision 260).
  if (name === 'PGlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'publication-clock-'));
    await copyPgliteTemplate(dataDir, { migrationsDir });
    const { db } = await openDatabase({ dataDir, migrationsDir });
    return { db, done: async () => (await db.close(), rmSync(dataDir, { recursive: true, force: true })) };
  }
  const { url, drop } = await createDatabaseFromTemplate(serverUrl!, { migrationsDir }, 'clock');
  const { db } = await openDatabase({ dataDir: undefined, databaseUrl: url, migrationsDir });
  return { db, done: async () => (await db.close(), await drop()) };
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each(targets)('publication clock on $name', ({ name }) => {
  let db: Database;
  let done: () => Promise<void>;
  const clocks: PublicationClock[] = [];
  /** A clock that looks only when asked (and once at its start), as a server's would at its times. */
  const clock = async (database: Database = db) => {
    const c = startPublicationClock({ db: database, recheckMs: 3_600_000 });
    clocks.push(c);
    await c.check();
    return c;
  };

  beforeAll(async () => {
    ({ db, done } = await openSiteDatabase(name));
  });
  afterAll(async () => {
    await done?.();
  });
  afterEach(async () => {
    for (const c of clocks.splice(0)) await c.stop();
    await db.query(`update private.site_clock set skew = interval '0'`);
    // Hidden again by the clock going back, they would be announced again in the next test.
    await db.query(`delete from public.blog_posts where title like 'Agendado %'`);
    vi.restoreAllMocks();
  });

  const skew = (interval: string) => db.query(`update private.site_clock set skew = interval '${interval}'`);
  /** A published post whose date is this far after the site's present (negative: before). */
  const post = async (ahead: string, fields: { published?: boolean } = {}) => {
    const r = await db.query<{ id: string }>(
      `insert into public.blog_posts (title, language, category, published, date)
       values ($1, 'pt', 'Outros', $2, public.site_now() + $3::interval) returning id::text as id`,
      [`Agendado ${randomUUID().slice(0, 8)}`, fields.published ?? true, ahead],
    );
    return r.rows[0]!.id;
  };
  /** The change log's entries about this post after `after` (its id in the log). */
  const logged = async (id: string, after = '0') =>
    (
      await db.query<{ change: { type: string; record: Record<string, unknown>; old_record: Record<string, unknown> } }>(
        `select change from local_backend.realtime_changes where id > $2::bigint and change->'record'->>'id' = $1 order by id`,
        [id, after],
      )
    ).rows.map((r) => r.change);
  /** The clock's own entries: an UPDATE whose two versions are one (a write changes updated_at at least). */
  const announcements = async (id: string, after = '0') =>
    (await logged(id, after)).filter((e) => e.type === 'UPDATE' && isDeepStrictEqual(e.record, e.old_record));
  const lastLogId = async () => (await db.query<{ id: string }>(`select coalesce(max(id), 0)::text as id from local_backend.realtime_changes`)).rows[0]!.id;
  const version = async () => Number((await db.query<{ v: string }>(`select version::text as v from private.site_content_version`)).rows[0]!.v);
  const watermark = async () =>
    (await db.query<{ value: string }>(`select value from local_backend.meta where key = 'publication_clock_announced_until'`)).rows[0]?.value;

  it('announces a post when the site clock reaches it: one UPDATE of the row as it is, the content version moved, once', async () => {
    const c = await clock();
    const id = await post('2 minutes');
    const from = await lastLogId();
    await c.check();
    expect(await logged(id, from)).toEqual([]);

    await skew('3 minutes');
    const before = await version();
    const announced = vi.fn();
    const c2 = startPublicationClock({ db, recheckMs: 3_600_000, onAnnounce: announced });
    clocks.push(c2);
    await c2.check();
    const events = await logged(id, from);
    expect(events).toHaveLength(1);
    const row = (await db.query<{ row: Record<string, unknown> }>(`select to_jsonb(p) as row from public.blog_posts p where id = $1`, [id])).rows[0]!.row;
    // As the capture trigger logs an UPDATE: both versions, the whole row.
    expect(events[0]).toMatchObject({ type: 'UPDATE', record: row, old_record: row });
    expect(await version()).toBe(before + 1);
    expect(announced).toHaveBeenCalledWith([id]);

    await c2.check();
    await c.check();
    expect(await logged(id, from)).toHaveLength(1);
    expect(await version()).toBe(before + 1);
  });

  it('announces nothing for a cancelled schedule, a schedule moved later (until its new time) or a post published at once', async () => {
    const c = await clock();
    const cancelled = await post('2 minutes');
    const moved = await post('2 minutes');
    const now = await post('0 minutes');
    const from = await lastLogId();
    await db.query(`update public.blog_posts set published = false where id = $1`, [cancelled]);
    await db.query(`update public.blog_posts set date = date + interval '10 minutes' where id = $1`, [moved]);
    const before = await version();
    await skew('3 minutes');
    await c.check();
    // The skew's own bump, nothing of the clock's.
    expect(await version()).toBe(before + 1);
    for (const id of [cancelled, moved, now]) expect(await announcements(id, from)).toEqual([]);
    await skew('13 minutes');
    await c.check();
    expect(await announcements(moved, from)).toHaveLength(1);
    expect(await announcements(cancelled, from)).toEqual([]);
    expect(await announcements(now, from)).toEqual([]);
  });

  it('a transaction that fails announces nothing and moves nothing; the next clock announces once, a restarted one not again', async () => {
    const id = await post('2 minutes');
    await clock();
    await skew('3 minutes');
    const from = await lastLogId();
    const [before, mark] = [await version(), await watermark()];
    // Cut off after everything is written, before the commit.
    const crashing: Database = Object.create(db, {
      batch: { value: (statements: { sql: string }[]) => db.batch([...statements, { sql: 'select 1 / 0' }]) },
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await (await clock(crashing)).stop();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('publication clock'), expect.stringContaining('22012'));
    expect(await logged(id, from)).toEqual([]);
    expect([await version(), await watermark()]).toEqual([before, mark]);

    await clock();
    expect(await logged(id, from)).toHaveLength(1);
    await clock();
    expect(await logged(id, from)).toHaveLength(1);
    expect(await version()).toBe(before + 1);
  });

  it('when the site clock goes back, what it hides again and what is scheduled before the old watermark are announced when reached', async () => {
    const c = await clock();
    const first = await post('2 minutes');
    await skew('3 minutes');
    await c.check();
    await skew('0 minutes');
    await c.check();
    const from = await lastLogId();
    const second = await post('1 minute');
    await skew('2 minutes 30 seconds');
    await c.check();
    expect(await announcements(second, from)).toHaveLength(1);
    expect(await announcements(first, from)).toHaveLength(1);
  });

  it('times itself: a post due in a moment is announced with no look asked for', async () => {
    // No check() from here on: the timer, planned at the insert (PGlite: the write count moved; PostgreSQL: the recheck).
    const announced: string[] = [];
    clocks.push(startPublicationClock({ db, recheckMs: name === 'PGlite' ? 3_600_000 : 5_000, onAnnounce: (ids) => announced.push(...ids) }));
    const id = await post('3 seconds');
    const started = Date.now();
    await until(() => announced.includes(id), 'the announcement');
    console.info(`[publication clock, ${name}] due in 3 s, announced after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('on PGlite, a write that makes a post due (moving the test clock) is noticed without a look asked for', async () => {
    if (name !== 'PGlite') return expect(db.writes).toBeUndefined();
    const announced: string[] = [];
    const c = startPublicationClock({ db, recheckMs: 3_600_000, onAnnounce: (ids) => announced.push(...ids) });
    clocks.push(c);
    await c.check();
    const id = await post('2 minutes');
    await skew('3 minutes');
    await until(() => announced.includes(id), 'the announcement');
  });
});

it('stays quiet on a database without the site (the server tests’ fixture)', async () => {
  const { db, done } = await openSiteDatabase('PGlite', FIXTURE_MIGRATIONS);
  const error = vi.spyOn(console, 'error');
  try {
    const c = startPublicationClock({ db });
    await c.check();
    await c.stop();
    expect(error).not.toHaveBeenCalled();
  } finally {
    error.mockRestore();
    await done();
  }
});
