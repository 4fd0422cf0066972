/**
 * One process per embedded data directory: PGlite has no server to arbitrate
 * two writers, so a second process on the same files would corrupt them.
 *
 * The lock is the file `<db>.lock`, created with O_EXCL (the kernel lets one
 * creator win) and holding the owner's pid, so a newcomer can name the holder
 * and take over at once from one that died (kill -9, power loss). Taking over
 * is the racy part — two processes may both see the dead pid — so it happens
 * under a second O_EXCL file, `<db>.lock.takeover`: one process at a time
 * checks the dead pid again, removes the stale lock and creates its own.
 * (issue 10: proper-lockfile's mkdir lock plus a pid check let two processes
 * both win 7 times in 20.)
 */
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dbDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The database folder ${dbDir} is already in use by another process (pid ${pid ?? 'unknown'}). ` +
        'Stop it, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirInUseError';
  }
}

const lockPath = (dbDir: string) => `${dbDir}.lock`;
const takeoverPath = (dbDir: string) => `${dbDir}.lock.takeover`;
/** Before this module: proper-lockfile's lock folder, with the pid beside it. */
const legacyPidPath = (dbDir: string) => `${dbDir}.pid`;

/** An empty lock (a version that wrote its pid after creating the file) is stale once older than this. */
const EMPTY_GRACE_MS = 2_000;
/** A takeover takes milliseconds; a guard older than this was left by a process that died in it. */
const TAKEOVER_STALE_MS = 10_000;
const ATTEMPTS = 50;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parsePid(text: string): number | undefined {
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Creates `file` holding `content`, only if it does not exist: the content is
 * written to a file of this process's own first, then hard-linked to `file`,
 * which the kernel refuses when `file` exists. So the lock never exists empty:
 * created empty and written after (O_EXCL, then write), a holder stalled
 * between the two on a busy machine left an empty lock that looked abandoned
 * after EMPTY_GRACE_MS, and a second process took it over (seen once in 36
 * trials of the race test, with the machine's two cores overloaded).
 */
function createExclusive(file: string, content: string): boolean {
  const own = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const fd = openSync(own, 'wx', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(own, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    unlinkSync(own);
  }
}

type Holder = { state: 'free' } | { state: 'alive'; pid: number } | { state: 'dead'; pid?: number } | { state: 'fresh' };

/** Who holds the lock now, as far as the file says. */
function holder(dbDir: string): Holder {
  const file = lockPath(dbDir);
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return { state: 'free' };
  }
  const text = stat.isDirectory() ? readLegacyPid(dbDir) : readText(file);
  const pid = text === undefined ? undefined : parsePid(text);
  if (pid !== undefined) return isAlive(pid) ? { state: 'alive', pid } : { state: 'dead', pid };
  // No pid (yet): a lock being written this instant, or one left empty long ago.
  return Date.now() - stat.mtimeMs < EMPTY_GRACE_MS ? { state: 'fresh' } : { state: 'dead' };
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readLegacyPid(dbDir: string): string | undefined {
  return readText(legacyPidPath(dbDir));
}

/** Removes a dead holder's lock, under the takeover guard; false when another process is at it. */
function takeOver(dbDir: string, seen: Holder): boolean {
  const guard = takeoverPath(dbDir);
  if (!createExclusive(guard, `${process.pid}\n`)) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) rmSync(guard, { force: true });
    } catch {
      // gone already
    }
    return false;
  }
  try {
    // Under the guard nobody else removes or creates: is it still the same dead lock?
    const now = holder(dbDir);
    if (now.state === 'dead' && seen.state === 'dead' && now.pid === seen.pid) {
      rmSync(lockPath(dbDir), { recursive: true, force: true });
      rmSync(legacyPidPath(dbDir), { force: true });
    }
    return true;
  } finally {
    rmSync(guard, { force: true });
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the lock or throws DataDirInUseError naming the holder's pid. */
export async function lockDataDir(dbDir: string): Promise<DataDirLock> {
  const file = lockPath(dbDir);
  const mine = `${process.pid}\n`;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createExclusive(file, mine)) {
      return {
        async release() {
          // Only ours: never remove a lock another process took after a takeover.
          if (readText(file) === mine) unlinkSync(file);
        },
      };
    }
    const seen = holder(dbDir);
    if (seen.state === 'alive') throw new DataDirInUseError(dbDir, seen.pid);
    if (seen.state === 'dead') takeOver(dbDir, seen);
    await pause(10 + Math.random() * 40);
  }
  const last = holder(dbDir);
  throw new DataDirInUseError(dbDir, last.state === 'alive' ? last.pid : undefined);
}

/**
 * Whether a running server holds the data directory, for tools (create-admin)
 * that must then go through its HTTP API instead of opening the files.
 */
export async function readDataDirLock(dbDir: string): Promise<{ locked: boolean; pid: number | undefined }> {
  const seen = holder(dbDir);
  if (seen.state === 'alive') return { locked: true, pid: seen.pid };
  return { locked: seen.state === 'fresh', pid: undefined };
}
