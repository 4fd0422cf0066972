/**
 * Reading statistics (issue 27): a day's salt dies with the day even when no
 * view comes after it, and leaves no copy in the table's file. Against the
 * site's real migrations, on PGlite in its thread (as the server runs it)
 * and, with TEST_DATABASE_URL, on PostgreSQL. The site's clock is moved with
 * private.site_clock, never waited for.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate, createDatabaseFromTemplate } from '../db/testing/templates.ts';
import { startStatsForgetting } from './forget-past.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
const targets = [{ name: 'PGlite' }, ...(serverUrl ? [{ name: 'PostgreSQL' }] : [])] as const;

async function openSiteDatabase(name: string): Promise<{ db: Database; dataDir?: string; close?: () => Promise<void>; done: () => Promise<void> }> {
  if (name === 'PGlite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stats-forget-'));
    // A copy of the migrated schema (decision 260).
    await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
    const { db } = await openDatabase({ dataDir, migrationsDir: MIGRATIONS });
    let closed = false;
    const close = async () => {
      if (!closed) await db.close();
      closed = true;
    };
    return { db, dataDir, close, done: async () => (await close(), rmSync(dataDir, { recursive: true, force: true })) };
  }
  const { url, drop } = await createDatabaseFromTemplate(serverUrl!, { migrationsDir: MIGRATIONS }, 'stats');
  const { db } = await openDatabase({ dataDir: undefined, databaseUrl: url, migrationsDir: MIGRATIONS });
  return { db, done: async () => (await db.close(), await drop()) };
}

/** Every file under a directory whose bytes contain the needle. */
function filesHolding(dir: string, needle: Buffer): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, entry);
    if (statSync(file).isFile() && readFileSync(file).includes(needle)) found.push(entry);
  }
  return found;
}

describe.each(targets)('forgetting past days of the reading statistics on $name', ({ name }) => {
  let site: Awaited<ReturnType<typeof openSiteDatabase>>;

  beforeAll(async () => {
    site = await openSiteDatabase(name);
  });
  afterAll(async () => {
    await site.done();
  });

  const view = () =>
    site.db.query(
      `with request as materialized (select set_config('request.headers', $1, true) as headers)
       select public.record_view('/pt', 'direto') from request`,
      [JSON.stringify({ 'x-forwarded-for': '198.51.100.20', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' })],
    );
  const count = async (table: string) => Number((await site.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);

  it("deletes a quiet day's salt, hashes and counts at the site's midnight, with no view after it, and keeps the day's numbers", async () => {
    await view();
    const [{ salt }] = (await site.db.query<{ salt: Buffer | Uint8Array }>(`select salt from private.stats_salts`)).rows as [{ salt: Uint8Array }];
    expect(await count('private.stats_seen')).toBe(2);
    const forgetting = startStatsForgetting({ db: site.db, intervalMs: 3_600_000 });
    try {
      // The day is not over: nothing goes.
      expect(await forgetting.runNow()).toBe(0);
      expect(await count('private.stats_salts')).toBe(1);

      await site.db.query(`update private.site_clock set skew = interval '1 day'`);
      expect(await forgetting.runNow()).toBe(4);
    } finally {
      await forgetting.stop();
    }
    for (const table of ['private.stats_salts', 'private.stats_seen', 'private.stats_rate']) expect(await count(table), table).toBe(0);
    expect(await count('public.stats_site_daily')).toBe(1);
    if (site.dataDir && site.close) {
      // Closed, the database has written every page (an unlogged table's too): the deleted salt's bytes are in no
      // file of it, its table's included (VACUUM FULL wrote the table anew).
      await site.close();
      expect(filesHolding(site.dataDir, Buffer.from(salt))).toEqual([]);
    }
  });
});
