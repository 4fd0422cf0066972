/**
 * Database.batch (issue 11): statements known in advance run in one
 * transaction, their results in order, all or nothing; on PGlite's thread the
 * watchdog's limit covers the whole batch. Both embedded implementations (the
 * worker of a data directory, the in-memory one of tests); PostgreSQL runs
 * the same batches behind every REST read in the integration suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './database.ts';
import { createRunawayTable, RUNAWAY } from './fixtures/runaway.ts';
import { MAX_PREPARED } from './pglite-pipeline.mjs';
import { openPglite } from './pglite.ts';

describe.each([
  ['PGlite in a worker (a data directory)', true],
  ['PGlite in memory', false],
])('%s', (_name, onDisk) => {
  let dir: string | undefined;
  let db: Database;

  beforeAll(async () => {
    dir = onDisk ? mkdtempSync(path.join(tmpdir(), 'batch-')) : undefined;
    db = await openPglite(dir);
    await createRunawayTable(db, 3);
  });
  afterAll(async () => {
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers each statement in order, inside one transaction', async () => {
    const results = await db.batch([
      { sql: `select set_config('app.who', $1, true)`, params: ['batch'] },
      { sql: `select current_setting('app.who', true) as who, count(*)::int as n from t` },
    ]);
    expect(results.map((r) => r.rows)).toEqual([[{ set_config: 'batch' }], [{ who: 'batch', n: 3 }]]);
    // The setting was local to the batch's transaction.
    const after = await db.query<{ who: string | null }>(`select nullif(current_setting('app.who', true), '') as who`);
    expect(after.rows).toEqual([{ who: null }]);
  });

  it('keeps nothing of a batch whose later statement fails, and names the error', async () => {
    const outcome = db.batch([{ sql: `insert into t values ('half')` }, { sql: 'select * from nope' }]);
    await expect(outcome).rejects.toMatchObject({ code: '42P01' });
    expect((await db.query(`select s from t where s = 'half'`)).rows).toEqual([]);
  });

  it('refuses a write in a read-only batch', async () => {
    const outcome = db.batch([{ sql: `insert into t values ('ro')` }], { readOnly: true });
    await expect(outcome).rejects.toMatchObject({ code: '25006' });
  });

  it('prepares statements with parameters once, and keeps track of them across failures', async () => {
    const text = { sql: 'select $1::text as b', params: ['y'] };
    // The first fails at its parameter; the second is skipped unprepared.
    await expect(db.batch([{ sql: 'select $1::int as a', params: ['x'] }, text])).rejects.toMatchObject({ code: '22P02' });
    // Neither "does not exist" (counted as prepared but skipped) nor "already exists" (prepared but forgotten).
    expect((await db.batch([text]))[0]!.rows).toEqual([{ b: 'y' }]);
    expect((await db.batch([{ sql: 'select $1::int as a', params: ['7'] }, text])).map((r) => r.rows)).toEqual([[{ a: 7 }], [{ b: 'y' }]]);
    await expect(db.batch([text, { sql: 'select $1::int as a', params: ['x'] }])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.batch([text]))[0]!.rows).toEqual([{ b: 'y' }]);
  });

  it('lets go of every prepared statement past MAX_PREPARED shapes, and prepares them again as they come', async () => {
    for (let i = 0; i <= MAX_PREPARED + 5; i++) await db.batch([{ sql: `select $1::int + ${i} as n`, params: ['1'] }]);
    const [prepared] = await db.batch([{ sql: 'select count(*)::int as n from pg_prepared_statements' }]);
    expect(prepared!.rows[0]!.n).toBeLessThanOrEqual(MAX_PREPARED);
    expect((await db.batch([{ sql: 'select $1::int + 3 as n', params: ['1'] }]))[0]!.rows).toEqual([{ n: 4 }]);
  });

  if (onDisk) {
    it('ends a batch past its limit with 57014 and answers the next one', async () => {
      const outcome = await db.batch([{ sql: 'select 1' }, { sql: RUNAWAY }], { statementTimeoutMs: 800, readOnly: true }).catch((e: unknown) => e);
      expect(outcome).toMatchObject({ code: '57014' });
      const [r] = await db.batch([{ sql: 'select count(*)::int as n from t' }]);
      expect(r!.rows).toEqual([{ n: 3 }]);
    });
  }
});
