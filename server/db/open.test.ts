/**
 * Opening the embedded database from a data directory: the lock against a
 * second opener, migrations recorded once and in order, seed.sql once,
 * a failing migration named with Postgres's reason. One PGlite on disk for the
 * whole file (initialising one takes seconds).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './database.ts';
import { DataDirInUseError, readDataDirLock } from './lock.ts';
import { embeddedDbDir, openDatabase } from './open.ts';

let dataDir: string;
let migrationsDir: string;
let seedFile: string;
let db: Database | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'open-test-'));
  migrationsDir = path.join(dataDir, 'migrations');
  mkdirSync(migrationsDir);
  writeFileSync(path.join(migrationsDir, '20250101000000_first.sql'), 'create table public.t1 (id int primary key);');
  writeFileSync(path.join(migrationsDir, '20250102000000_second.sql'), 'alter table public.t1 add column name text;');
  seedFile = path.join(dataDir, 'seed.sql');
  writeFileSync(seedFile, `insert into public.t1 values (1, 'seeded');`);
});

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = () => openDatabase({ dataDir, migrationsDir, seedFile });

it('creates, migrates in order, seeds, and records what ran', async () => {
  const opened = await open();
  db = opened.db;
  expect(opened.migration).toEqual({ applied: ['20250101000000_first.sql', '20250102000000_second.sql'], seeded: true });
  const versions = await db.query<{ version: string; name: string }>('select version, name from local_backend.schema_migrations order by version');
  expect(versions.rows).toEqual([{ version: '20250101000000', name: 'first' }, { version: '20250102000000', name: 'second' }]);
  expect((await db.query('select * from public.t1')).rows).toEqual([{ id: 1, name: 'seeded' }]);
});

it('holds a lock other tools can see', async () => {
  expect(await readDataDirLock(embeddedDbDir(dataDir))).toEqual({ locked: true, pid: process.pid });
});

it('refuses a second open of the same data directory with a clear message', async () => {
  const second = open();
  await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
  await expect(second).rejects.toThrow(
    `The database folder ${embeddedDbDir(dataDir)} is already in use by another process (pid ${process.pid}). Stop it, or set DATA_DIR to another folder.`,
  );
});

it('on reopen applies only new migrations and never seeds again', async () => {
  await db!.close();
  expect((await readDataDirLock(embeddedDbDir(dataDir))).locked).toBe(false);
  writeFileSync(path.join(migrationsDir, '20250103000000_third.sql'), `insert into public.t1 values (2, 'third');`);
  const opened = await open();
  db = opened.db;
  expect(opened.migration).toEqual({ applied: ['20250103000000_third.sql'], seeded: false });
  expect((await db.query('select id from public.t1 order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
});

it('stops on a failing migration, naming the file and the Postgres error, and applies none of it', async () => {
  await db!.close();
  writeFileSync(path.join(migrationsDir, '20250104000000_broken.sql'), `insert into public.t1 values (3, 'half'); select * from public.nope;`);
  await expect(open()).rejects.toThrow(/supabase\/migrations\/20250104000000_broken\.sql failed: relation "public\.nope" does not exist \(SQLSTATE 42P01\)/);
  rmSync(path.join(migrationsDir, '20250104000000_broken.sql'));
  const opened = await open();
  db = opened.db;
  expect((await db.query('select id from public.t1 order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  // The failed start released the lock.
  expect(opened.migration.applied).toEqual([]);
});
