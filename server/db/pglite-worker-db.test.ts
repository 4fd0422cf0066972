/**
 * The embedded database in its worker thread (issue 10): a statement past its
 * time limit is answered 57014 and the database answers again, every
 * committed row kept and the cut-off transaction undone; the event loop stays
 * free meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PgliteWorkerDatabase } from './pglite-worker-db.ts';

// Catastrophic for PostgreSQL's regex engine on a few hundred characters that contain an 'x'.
const RUNAWAY = `select count(*) from t where s ~ '(.*)(.*)\\2\\1x'`;

let dir: string;
let db: PgliteWorkerDatabase;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-'));
  db = await PgliteWorkerDatabase.open(dir);
  await db.exec(`create table t (s text); insert into t select repeat('o próximo texto ', 40) from generate_series(1, 5)`);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;

it('ends a statement past its limit with 57014, keeps the event loop free, and answers again', async () => {
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 50);
  const started = performance.now();
  const outcome = await db.transaction((tx) => tx.query(RUNAWAY), { statementTimeoutMs: 1000, readOnly: true }).catch((e: unknown) => e);
  const elapsed = performance.now() - started;
  clearInterval(ticker);
  expect(outcome).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  expect(elapsed).toBeLessThan(5000);
  expect(ticks).toBeGreaterThan(5);
  expect(db.restarts).toBe(1);
  expect(await count()).toBe(5);
});

it('undoes the whole transaction a restart cut off, and keeps what was committed', async () => {
  await db.transaction(async (tx) => {
    await tx.query(`insert into t values ('committed')`);
  });
  const outcome = await db
    .transaction(
      async (tx) => {
        await tx.query(`insert into t values ('lost')`);
        await tx.query(RUNAWAY);
      },
      { statementTimeoutMs: 1000 },
    )
    .catch((e: unknown) => e);
  expect(outcome).toMatchObject({ code: '57014' });
  const rows = (await db.query<{ s: string }>(`select s from t where s in ('committed', 'lost')`)).rows.map((r) => r.s);
  expect(rows).toEqual(['committed']);
});

it('counts what may write, not reads, for the site’s content version', async () => {
  const before = db.writes;
  await db.query('select 1');
  await db.transaction((tx) => tx.query('select 1'), { readOnly: true });
  expect(db.writes).toBe(before);
  await db.transaction((tx) => tx.query(`insert into t values ('w')`));
  expect(db.writes).toBe(before + 1);
});

it('reports SQL errors with their fields, as PostgreSQL does', async () => {
  await expect(db.query('select * from missing_table')).rejects.toMatchObject({ code: '42P01', message: 'relation "missing_table" does not exist' });
});
