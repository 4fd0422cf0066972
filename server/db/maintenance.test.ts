/**
 * The embedded database's nightly VACUUM (ANALYZE): PGlite has no
 * autovacuum, so without it the site's tables kept the statistics of the
 * day they were created and a visibility map never set (decision 300). On
 * PGlite in its thread, against the site's migrations, as the server runs it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from './database.ts';
import { startEmbeddedMaintenance } from './maintenance.ts';
import { openDatabase } from './open.ts';
import { copyPgliteTemplate } from './testing/templates.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');

let db: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'maintenance-'));
  await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
  ({ db } = await openDatabase({ dataDir, migrationsDir: MIGRATIONS }));
});

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the planner believes of the posts table, and how much of it the visibility map covers. */
async function posts() {
  const [row] = (
    await db.query<{ reltuples: number; relallvisible: number; relpages: number }>(
      `select reltuples::float8 as reltuples, relallvisible, relpages from pg_class where oid = 'public.blog_posts'::regclass`,
    )
  ).rows;
  return row!;
}

async function writePosts(n: number) {
  await db.query(
    `insert into public.blog_posts (title, excerpt, content, language, category, published, date)
     select 'Post ' || i, 'Resumo', repeat('Texto do post. ', 40), 'pt', 'Outros', true, now() - make_interval(hours => i)
       from generate_series(1, $1::int) i`,
    [n],
  );
}

describe('the embedded database looks after its tables itself', () => {
  it('brings the statistics and the visibility map up to date when it runs, some minutes after the start', async () => {
    await writePosts(2000);
    const before = await posts();
    // Never analysed since its rows came: the planner does not know them.
    expect(before.reltuples).toBeLessThan(2000);
    expect(before.relallvisible).toBe(0);

    const maintenance = startEmbeddedMaintenance(db, { firstAfterMs: 50, log: () => {} })!;
    try {
      await expect.poll(async () => (await posts()).reltuples, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(2000);
      const after = await posts();
      expect(after.relallvisible).toBeGreaterThan(0);
      expect(after.relallvisible).toBe(after.relpages);
    } finally {
      await maintenance.stop();
    }
  });

  it('sees what changed since, the next time it runs', async () => {
    const maintenance = startEmbeddedMaintenance(db, { firstAfterMs: 3_600_000, log: () => {} })!;
    try {
      await db.query(`delete from public.blog_posts where title like 'Post 1%'`);
      await writePosts(500);
      const counted = Number((await db.query<{ n: number }>(`select count(*)::int as n from public.blog_posts`)).rows[0]!.n);
      expect((await posts()).reltuples).not.toBe(counted);
      await maintenance.runNow();
      expect((await posts()).reltuples).toBe(counted);
    } finally {
      await maintenance.stop();
    }
  });

  it('lets a reader in between two tables, and leaves alone the tables nothing changed in', async () => {
    const maintenance = startEmbeddedMaintenance(db, { firstAfterMs: 3_600_000, log: () => {} })!;
    try {
      // As after a kill -9, which loses the table counters: every table is due again.
      await db.query('select pg_stat_reset()');
      const order: string[] = [];
      const run = maintenance.runNow().then((r) => (order.push('maintenance'), r));
      // Posted while the maintenance runs its first table.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const reader = db.query('select count(*) from public.blog_posts').then(() => order.push('reader'));
      const [done] = await Promise.all([run, reader]);
      expect(done.tables).toBeGreaterThan(10);
      expect(order).toEqual(['reader', 'maintenance']);

      // The statistics it wrote left dead rows in pg_statistic: the next run vacuums that, as autovacuum would.
      await maintenance.runNow();
      await writePosts(10);
      const again = await maintenance.runNow();
      // Ten new rows among thousands: below autovacuum's thresholds, as everything else.
      expect(again, again.longest?.table).toMatchObject({ tables: 0 });
    } finally {
      await maintenance.stop();
    }
  });

  it('leaves PostgreSQL to its autovacuum', () => {
    expect(startEmbeddedMaintenance({ ...db, kind: 'postgres' } as Database)).toBeUndefined();
  });
});
