/**
 * Whether a kept page is current without asking the database (issue 42):
 * on PGlite while this process has not written, on PostgreSQL while the
 * content version's notices are heard (another process's write is seen
 * within moments, this process's own at once, and a lost listener means
 * reading the version again until it is back).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate, createDatabaseFromTemplate } from '../db/testing/templates.ts';
import { readContentVersion, rememberedContentVersion } from './content-version.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const serverUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

const touchSettings = `update public.site_settings set value = value where key = 'author_name' and language = 'pt'`;

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the content version on PGlite', () => {
  let db: Database;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'content-version-'));
    await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
    ({ db } = await openDatabase({ dataDir, migrationsDir: MIGRATIONS }));
  });
  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is known without a query until this process writes the content, and a batch of views is not such a write', async () => {
    const v1 = await readContentVersion(db);
    expect(rememberedContentVersion(db)).toBe(v1);
    await db.query(`select private.stats_views($1::jsonb)`, [JSON.stringify([])]);
    expect(rememberedContentVersion(db)).toBe(v1);
    await db.query(touchSettings);
    expect(rememberedContentVersion(db)).toBeUndefined();
    expect(Number(await readContentVersion(db))).toBeGreaterThan(Number(v1));
  });

  it('stays known across writes that are not content (a fan-out\'s bookkeeping), and moves with a content write by the time its transaction answers', async () => {
    const v1 = await readContentVersion(db);
    await db.query(`insert into private.fediverse_kv (key, value) values ('content-version-test', '{}'::jsonb) on conflict (key) do update set value = excluded.value`);
    await db.transaction(async (tx) => {
      await tx.query(`delete from private.fediverse_kv where key = 'content-version-test'`);
    });
    await db.batch([{ sql: `select 1 as one` }]);
    expect(rememberedContentVersion(db)).toBe(v1);

    await db.transaction(async (tx) => {
      await tx.query(touchSettings);
      // Not committed yet: nothing has moved.
      expect(rememberedContentVersion(db)).toBe(v1);
    });
    expect(rememberedContentVersion(db)).toBeUndefined();
    const v2 = await readContentVersion(db);
    expect(Number(v2)).toBeGreaterThan(Number(v1));

    // A content write rolled back moves nothing.
    await db.transaction(async (tx) => {
      await tx.query(touchSettings);
      throw new Error('changed her mind');
    }).catch(() => {});
    expect(rememberedContentVersion(db)).toBe(v2);
  });
});

describe.runIf(serverUrl)('the content version on PostgreSQL', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let other: pg.Client;
  beforeAll(async () => {
    const made = await createDatabaseFromTemplate(serverUrl!, { migrationsDir: MIGRATIONS }, 'version');
    drop = made.drop;
    ({ db } = await openDatabase({ dataDir: undefined, databaseUrl: made.url, migrationsDir: MIGRATIONS }));
    other = new pg.Client({ connectionString: made.url });
    await other.connect();
    await until(() => db.contentChanges !== undefined, 'the server listens');
  });
  afterAll(async () => {
    await other?.end();
    await db?.close();
    await drop?.();
  });

  it('is known without a query while nothing changes, and a write by another process is seen within moments', async () => {
    const v1 = await readContentVersion(db);
    expect(rememberedContentVersion(db)).toBe(v1);
    // Another process (the mail worker, a CLI): only the notice can tell.
    await other.query(touchSettings);
    await until(() => rememberedContentVersion(db) === undefined, 'the notice of the other write');
    expect(Number(await readContentVersion(db))).toBeGreaterThan(Number(v1));
    expect(rememberedContentVersion(db)).toBeDefined();
  });

  it("counts this process's own write when it finishes, before any notice", async () => {
    await readContentVersion(db);
    expect(rememberedContentVersion(db)).toBeDefined();
    await db.query(touchSettings);
    expect(rememberedContentVersion(db)).toBeUndefined();
  });

  it('reads the version again while the listening connection is lost, and trusts it again once back', async () => {
    await readContentVersion(db);
    await other.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await until(() => db.contentChanges === undefined, 'the loss is noticed');
    expect(rememberedContentVersion(db)).toBeUndefined();
    // Written while nobody listened: the first read after the return sees it.
    await other.query(touchSettings);
    await until(() => db.contentChanges !== undefined, 'listening again');
    const v = await readContentVersion(db);
    const { rows } = await other.query<{ version: string }>('select version::text as version from private.site_content_version');
    expect(v).toBe(rows[0]!.version);
    expect(rememberedContentVersion(db)).toBe(v);
  });
});
