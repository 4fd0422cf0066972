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

/** The version after each of her writes, in order: a draft's life, then a post's, then a published post edited. */
async function versionsAlongHerWrites(db: Database): Promise<Record<string, boolean>> {
  const version = async () => Number((await db.query<{ v: string }>('select version::text as v from private.site_content_version')).rows[0]!.v);
  const moved: Record<string, boolean> = {};
  let last = await version();
  const step = async (what: string, sql: string, params: unknown[] = []) => {
    await db.query(sql, params);
    const now = await version();
    moved[what] = now !== last;
    last = now;
  };
  const [{ id }] = (await db.query<{ id: string }>(`insert into public.blog_posts (title, language, content) values ('Rascunho', 'pt', 'x') returning id`)).rows as [{ id: string }];
  moved['a draft written'] = (await version()) !== last;
  last = await version();
  await step('the draft saved again', `update public.blog_posts set content = 'xy' where id = $1`, [id]);
  await step('published', `update public.blog_posts set published = true where id = $1`, [id]);
  await step('the published post edited', `update public.blog_posts set content = 'xyz' where id = $1`, [id]);
  await step('unpublished', `update public.blog_posts set published = false where id = $1`, [id]);
  // Deleting any post still moves it: the cascade to its corrections and replies fires their statement triggers.
  await db.query(`delete from public.blog_posts where id = $1`, [id]);
  last = await version();
  const [{ id: other }] = (await db.query<{ id: string }>(`insert into public.blog_posts (title, language, content, published) values ('Publicado', 'pt', 'x', true) returning id`)).rows as [{ id: string }];
  moved['a post written published'] = (await version()) !== last;
  last = await version();
  await step('the published post deleted', `delete from public.blog_posts where id = $1`, [other]);
  return moved;
}

const HER_WRITES = {
  'a draft written': false,
  'the draft saved again': false,
  published: true,
  'the published post edited': true,
  unpublished: true,
  'a post written published': true,
  'the published post deleted': true,
};

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Each write's notice arrives after its commit, and this process's own writes
 * are counted when they finish and again by their notice: a test that begins
 * right after writes can see the count move under it. Waits until it has not
 * moved for 250 ms.
 */
async function noticesSettled(db: Database, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const seen = db.contentChanges;
    await new Promise((r) => setTimeout(r, 250));
    if (seen !== undefined && db.contentChanges === seen) return;
    if (Date.now() > end) throw new Error(`the content notices did not settle within ${ms} ms`);
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

  it('moves with every write to a published post, and never with her drafts (autosaves re-rendered every kept page)', async () => {
    expect(await versionsAlongHerWrites(db)).toEqual(HER_WRITES);
  });
});

describe.runIf(serverUrl)('the content version on PostgreSQL', () => {
  it('moves with every write to a published post, and never with her drafts (autosaves re-rendered every kept page)', async () => {
    expect(await versionsAlongHerWrites(db)).toEqual(HER_WRITES);
  });

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
  // The writes of the test before (and of the migrations) are still being told.
  beforeEach(() => noticesSettled(db));
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
