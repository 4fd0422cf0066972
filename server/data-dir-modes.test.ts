/**
 * DATA_DIR is owner-only (issue 22, finding 4): under the usual umask 022 the
 * embedded database's files were 0666 under 0755 folders, the WAL with them
 * (password hashes, TOTP secrets, refresh tokens). Every folder must be 0700
 * and every file 0600 after a first start, after a restart that writes new
 * files, after a watchdog restart of the database thread, and a directory
 * left loose by an older version is made so when opened, with one warning.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRunawayTable, RUNAWAY } from './db/fixtures/runaway.ts';
import { filesUnder, looseEntries, loosen, summary } from './db/fixtures/modes.ts';
import { DataDirError, makeDataDirOwnerOnly } from './data-dir-modes.ts';
import { startServer, type RunningServer } from './index.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let umaskBefore: number;
let root: string;
let dataDir: string;
let server: RunningServer | undefined;
const warn = vi.spyOn(console, 'warn');

beforeAll(() => {
  // The usual umask, whatever this process inherited: the modes must not depend on it.
  umaskBefore = process.umask(0o022);
  root = mkdtempSync(path.join(tmpdir(), 'data-dir-modes-'));
  dataDir = path.join(root, 'data');
});
afterAll(async () => {
  await server?.close();
  process.umask(umaskBefore);
  warn.mockRestore();
  rmSync(root, { recursive: true, force: true });
});

// The product's migrations: the mail the check covers waits in their queue (private.mail_queue) for the worker.
const start = () =>
  startServer({ port: 0, dataDir, seedFile: false, auth: { enableConfirmations: true, rateLimitEmailSent: 100, emailMaxFrequency: 0 } });
const ownerOnlyWarnings = () => warn.mock.calls.filter(([message]) => String(message).includes('owner-only'));

/** Rows in a new table, rewritten by VACUUM FULL (new relation files) and a checkpoint: new files in db/. */
async function writeRows(name: string): Promise<void> {
  await server!.db.exec(`create table public.${name} (id int primary key, body text);
    insert into public.${name} select i, repeat('x', 200) from generate_series(1, 20000) i;
    delete from public.${name} where id % 2 = 0`);
  await server!.db.exec(`vacuum full public.${name}`);
  await server!.db.exec('checkpoint');
}

it('a first start makes every folder 0700 and every file 0600: the database, its lock, the server address, a mail and a picture', async () => {
  server = await start();
  const signup = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'reader@example.com', password: 'secret123' }),
  });
  expect(signup.status).toBe(200);
  const asService = { apikey: server.anonKey, Authorization: `Bearer ${server.serviceRoleKey}` };
  const bucket = await fetch(`${server.url}/storage/v1/bucket`, {
    method: 'POST',
    headers: { ...asService, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 'pictures', name: 'pictures', public: true }),
  });
  expect(bucket.status).toBe(200);
  const upload = await fetch(`${server.url}/storage/v1/object/pictures/a1/1600.png`, {
    method: 'POST',
    headers: { ...asService, 'Content-Type': 'image/png' },
    body: PNG,
  });
  expect(upload.status).toBe(200);
  // What the check covers is really there (the mail once the worker has written it).
  await server.mailWorker.drain();
  expect(readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(1);
  expect(readdirSync(path.join(dataDir, 'storage', 'objects'))).toHaveLength(1);
  for (const file of ['jwt-secret', 'server-url', 'db.lock', 'db/PG_VERSION']) expect(existsSync(path.join(dataDir, file))).toBe(true);
  expect(filesUnder(path.join(dataDir, 'db')).size).toBeGreaterThan(900);

  expect(summary(looseEntries(dataDir))).toEqual([]);
  expect(ownerOnlyWarnings()).toEqual([]);
  // A first start initialises the database (seconds, more on a busy machine).
}, 90_000);

it('after a restart, the files written since (a new table, VACUUM FULL, a checkpoint) are owner-only too', async () => {
  await server!.close();
  server = await start();
  const before = filesUnder(dataDir);
  await writeRows('after_restart');
  const added = [...filesUnder(dataDir)].filter((file) => !before.has(file));
  expect(added.length).toBeGreaterThan(0);
  expect(summary(looseEntries(dataDir))).toEqual([]);
  // Nothing was loose, so nothing to warn about.
  expect(ownerOnlyWarnings()).toEqual([]);
});

it('after a watchdog restart of the database thread, the files it writes are owner-only too', async () => {
  const db = server!.db;
  await createRunawayTable(db, 5);
  const outcome = await db.transaction((tx) => tx.query(RUNAWAY), { statementTimeoutMs: 500, readOnly: true }).catch((e: unknown) => e);
  expect(outcome).toMatchObject({ code: '57014' });
  const before = filesUnder(dataDir);
  await writeRows('after_watchdog');
  expect([...filesUnder(dataDir)].filter((file) => !before.has(file)).length).toBeGreaterThan(0);
  expect(summary(looseEntries(dataDir))).toEqual([]);
});

it('opening a directory an older version left loose (files 0666, folders 0755) makes it owner-only and warns once', async () => {
  await server!.close();
  server = undefined;
  loosen(dataDir);
  expect(looseEntries(dataDir).length).toBeGreaterThan(900);
  warn.mockClear();
  server = await start();
  expect(summary(looseEntries(dataDir))).toEqual([]);
  const warnings = ownerOnlyWarnings();
  expect(warnings).toHaveLength(1);
  const message = String(warnings[0]![0]);
  expect(message.startsWith(`${dataDir}: `)).toBe(true);
  expect(message).toMatch(/other users could read or change \d{3,} files and \d+ folders in it; made them owner-only \(files 0600, folders 0700\)/);
  // The data survived: the rows written before are still there.
  expect((await server.db.query('select count(*)::int as n from public.after_restart')).rows).toEqual([{ n: 10000 }]);
});

describe('whose folder it is', () => {
  const someoneElse = (process.geteuid?.() ?? 0) + 4242;

  it('refuses a DATA_DIR that belongs to another user, saying so, and changes nothing', () => {
    const dir = mkdtempSync(path.join(root, 'theirs-'));
    mkdirSync(path.join(dir, 'db'), { mode: 0o755 });
    expect(() => makeDataDirOwnerOnly(dir, { uid: someoneElse })).toThrow(DataDirError);
    expect(() => makeDataDirOwnerOnly(dir, { uid: someoneElse })).toThrow(
      `DATA_DIR ${dir} belongs to another user (uid ${process.geteuid?.()}); this server runs as uid ${someoneElse}`,
    );
    expect(looseEntries(dir)).toEqual(['db 755']);
  });

  it('follows a symbolic link of its own user to the folder it names, and makes that folder owner-only', () => {
    const target = mkdtempSync(path.join(root, 'target-'));
    mkdirSync(path.join(target, 'outbox'), { mode: 0o755 });
    const link = path.join(root, 'link');
    symlinkSync(target, link);
    warn.mockClear();
    expect(makeDataDirOwnerOnly(link)).toEqual({ files: 0, folders: 1 });
    expect(looseEntries(target)).toEqual([]);
    expect(ownerOnlyWarnings()).toEqual([[`${link}: other users could read or change 1 folder in it; made them owner-only (files 0600, folders 0700), as everything the server writes there from now on.`]]);
  });

  it('refuses a symbolic link another user made, before following it', () => {
    const target = mkdtempSync(path.join(root, 'target-'));
    mkdirSync(path.join(target, 'outbox'), { mode: 0o755 });
    const link = path.join(root, 'their-link');
    symlinkSync(target, link);
    expect(() => makeDataDirOwnerOnly(link, { uid: someoneElse })).toThrow(
      `DATA_DIR ${link} is a symbolic link that belongs to another user (uid ${process.geteuid?.()}); this server runs as uid ${someoneElse}`,
    );
    expect(looseEntries(target)).toEqual(['outbox 755']);
  });

  it('refuses a DATA_DIR that is a file', () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'x');
    expect(() => makeDataDirOwnerOnly(file)).toThrow(/is not a folder/);
  });

  it('creates a missing DATA_DIR owner-only, with no warning', () => {
    const fresh = path.join(root, 'fresh', 'data');
    warn.mockClear();
    expect(makeDataDirOwnerOnly(fresh)).toEqual({ files: 0, folders: 0 });
    expect(looseEntries(path.join(root, 'fresh'))).toEqual([]);
    expect(ownerOnlyWarnings()).toEqual([]);
  });
});
