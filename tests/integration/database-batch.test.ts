/**
 * Database.batch on each target (issue 11): the statements behind every REST
 * read, sent together — on PostgreSQL one pipelined round trip (BEGIN, the
 * statements, COMMIT), on PGlite one pipeline to its thread — with
 * parameters as prepared statements. All or nothing, the first failure named,
 * the connection fit for the next request, and a bounded number of prepared
 * statements per connection.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { targets } from './harness.ts';

const MAX_PREPARED = 4;

describe.each(targets)('batch on $name', (target) => {
  const table = `batch_${randomUUID().slice(0, 8)}`;
  let db: Database;
  let dir: string | undefined;

  beforeAll(async () => {
    if (target.serverUrl) db = await openPostgres(target.serverUrl, { maxPrepared: MAX_PREPARED });
    else db = await openPglite((dir = mkdtempSync(path.join(tmpdir(), 'batch-it-'))));
    await db.exec(`create table ${table} (id int primary key, s text)`);
  });
  afterAll(async () => {
    await db.exec(`drop table if exists ${table}`);
    await db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs the statements in order in one transaction: settings of the first hold for the next, and end with the batch', async () => {
    const results = await db.batch([
      { sql: `select set_config('app.who', $1, true) as who`, params: ['batch'] },
      { sql: `select current_setting('app.who', true) as who, $1::int as n`, params: ['2'] },
    ], { readOnly: true });
    expect(results.map((r) => r.rows)).toEqual([[{ who: 'batch' }], [{ who: 'batch', n: 2 }]]);
    const [after] = await db.batch([{ sql: `select coalesce(nullif(current_setting('app.who', true), ''), 'none') as who` }]);
    expect(after!.rows).toEqual([{ who: 'none' }]);
  });

  it('answers a statement run again and again by its columns, of each type, and an empty result as empty', async () => {
    // On PostgreSQL a connection describes a prepared statement once and reuses its columns after.
    const read = { sql: `select $1::int as n, $1::text as t, ($1::int > 1) as big, null::jsonb as j where $1::int < 5`, params: ['3'] };
    for (let round = 0; round < 12; round++) {
      const results = await Promise.all([
        db.batch([read], { readOnly: true, settings: [['app.round', String(round)]] }),
        db.batch([{ ...read, params: ['7'] }], { readOnly: true }),
      ]);
      expect(results.map(([r]) => r!.rows), `round ${round}`).toEqual([[{ n: 3, t: '3', big: true, j: null }], []]);
    }
  });

  it('keeps nothing when a later statement fails, names that failure (not the skipped ones), and answers the next batch', async () => {
    const outcome = db.batch([
      { sql: `insert into ${table} values ($1, $2)`, params: [1, 'half'] },
      { sql: `select $1::int`, params: ['not a number'] },
      { sql: `insert into ${table} values ($1, $2)`, params: [2, 'after'] },
    ]);
    await expect(outcome).rejects.toMatchObject({ code: '22P02' });
    const [rows] = await db.batch([{ sql: `select count(*)::int as n from ${table}` }]);
    expect(rows!.rows).toEqual([{ n: 0 }]);
  });

  it('makes its settings first, in the same transaction, and answers with the statements\' results only', async () => {
    const settings = [['app.who', 'settings'], ['app.what', 'it\'s, "quoted"']] as const;
    const results = await db.batch([{ sql: `select current_setting('app.who') as who, current_setting('app.what') as what, $1::int as n`, params: ['3'] }], { settings });
    expect(results.map((r) => r.rows)).toEqual([[{ who: 'settings', what: 'it\'s, "quoted"', n: 3 }]]);
    await expect(db.batch([{ sql: `insert into ${table} values ($1, $2)`, params: [4, 'ro'] }], { readOnly: true, settings })).rejects.toMatchObject({ code: '25006' });
    const [after] = await db.batch([{ sql: `select coalesce(nullif(current_setting('app.who', true), ''), 'none') as who` }], { readOnly: true });
    expect(after!.rows).toEqual([{ who: 'none' }]);
  });

  it('refuses a write in a read-only batch with 25006', async () => {
    await expect(db.batch([{ sql: `insert into ${table} values ($1, $2)`, params: [3, 'ro'] }], { readOnly: true })).rejects.toMatchObject({ code: '25006' });
  });

  it('keeps track of what each connection has prepared across failures', async () => {
    const text = { sql: 'select $1::text as b', params: ['y'] };
    // The first fails at its parameter; the second is skipped unprepared.
    await expect(db.batch([{ sql: 'select $1::int as a', params: ['x'] }, text])).rejects.toMatchObject({ code: '22P02' });
    // Neither "does not exist" (counted as prepared but skipped) nor "already exists" (prepared but forgotten).
    expect((await db.batch([text]))[0]!.rows).toEqual([{ b: 'y' }]);
    await expect(db.batch([text, { sql: 'select $1::int as a', params: ['x'] }])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.batch([{ sql: 'select $1::int as a', params: ['7'] }, text])).map((r) => r.rows)).toEqual([[{ a: 7 }], [{ b: 'y' }]]);
    // A statement Postgres cannot parse fails alone and leaves the connection fit.
    await expect(db.batch([text, { sql: 'select nope from nowhere', params: ['1'] }])).rejects.toMatchObject({ code: '42P01' });
    expect((await db.batch([text]))[0]!.rows).toEqual([{ b: 'y' }]);
  });

  it('answers every batch right as the shapes of statement pass what a connection keeps prepared', async () => {
    for (let i = 0; i < MAX_PREPARED * 3; i++) {
      const [r] = await db.batch([{ sql: `select $1::int + ${i} as n`, params: ['1'] }], { readOnly: true });
      expect(r!.rows).toEqual([{ n: 1 + i }]);
    }
    // Each connection (PostgreSQL) or the one database (PGlite) holds a bounded number.
    const [held] = await db.batch([{ sql: 'select count(*)::int as n from pg_prepared_statements' }]);
    expect(held!.rows[0]!.n).toBeLessThanOrEqual(target.serverUrl ? MAX_PREPARED + 1 : 500);
  });
});
