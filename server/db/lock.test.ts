/**
 * The data-directory lock (issue 10, finding 7): taken by one process only,
 * even when several start at the same instant after a holder died.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockDataDir, readDataDirLock } from './lock.ts';

const CHILD = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'lock-child.ts');
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lock-test-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited: what a kill -9 leaves in the lock. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

interface Contender {
  ready: Promise<void>;
  go(): void;
  outcome: Promise<string>;
}

/** A process that takes the lock when told to go; its outcome is `locked` or `busy`. */
function contender(dbDir: string): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dbDir], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.startsWith('ready\n')) ready();
  });
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const outcome = new Promise<string>((resolve) =>
    child.on('close', () => {
      ready();
      resolve(out.replace(/^ready\n/, '').trim());
    }),
  );
  return { ready: isReady, go: () => child.stdin.write('go\n'), outcome };
}

it('is one process’s: a second taker learns the holder’s pid', async () => {
  const dbDir = path.join(root, 'simple', 'db');
  mkdirSync(path.dirname(dbDir), { recursive: true });
  const lock = await lockDataDir(dbDir);
  expect(await readDataDirLock(dbDir)).toEqual({ locked: true, pid: process.pid });
  await expect(lockDataDir(dbDir)).rejects.toThrow(DataDirInUseError);
  await expect(lockDataDir(dbDir)).rejects.toThrow(`(pid ${process.pid})`);
  await lock.release();
  expect((await readDataDirLock(dbDir)).locked).toBe(false);
});

it('is taken over at once from a holder that died, and from the old lock folder', async () => {
  const dbDir = path.join(root, 'stale', 'db');
  mkdirSync(path.dirname(dbDir), { recursive: true });
  writeFileSync(`${dbDir}.lock`, `${deadPid()}\n`);
  const lock = await lockDataDir(dbDir);
  expect(readFileSync(`${dbDir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
  await lock.release();

  // What proper-lockfile left after a kill -9 before this version: a folder and a pid file.
  mkdirSync(`${dbDir}.lock`);
  writeFileSync(`${dbDir}.pid`, `${deadPid()}\n`);
  const again = await lockDataDir(dbDir);
  await again.release();
});

it('goes to exactly one of three processes starting at one instant after a kill -9, every time', async () => {
  const trials = 12;
  const outcomes: string[][] = [];
  for (let trial = 0; trial < trials; trial++) {
    const dbDir = path.join(root, `race-${trial}`, 'db');
    mkdirSync(path.dirname(dbDir), { recursive: true });
    // Half of the trials with the lock a crash of the previous version left.
    if (trial % 2 === 0) {
      writeFileSync(`${dbDir}.lock`, `${deadPid()}\n`);
    } else {
      mkdirSync(`${dbDir}.lock`);
      writeFileSync(`${dbDir}.pid`, `${deadPid()}\n`);
    }
    // All three booted and waiting, then told at once.
    const three = [0, 1, 2].map(() => contender(dbDir));
    await Promise.all(three.map((c) => c.ready));
    for (const c of three) c.go();
    outcomes.push((await Promise.all(three.map((c) => c.outcome))).sort());
  }
  for (const outcome of outcomes) expect(outcome).toEqual(['busy', 'busy', 'locked']);
}, 120_000);
