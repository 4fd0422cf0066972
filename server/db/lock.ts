/**
 * One process per embedded data directory: PGlite has no server to arbitrate
 * two writers, so a second process on the same files would corrupt them.
 * proper-lockfile gives an atomic lock (mkdir) that other tools can check; the
 * pid beside it lets us name the holder and recover at once after a kill -9.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import lockfile from 'proper-lockfile';

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
const pidPath = (dbDir: string) => `${dbDir}.pid`;

function readPid(dbDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidPath(dbDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const LOCK_OPTIONS = {
  realpath: false,
  lockfilePath: '',
  // Generous staleness: on a busy 2-core box the refresh timer can run late.
  stale: 60_000,
  update: 10_000,
  onCompromised: (err: Error) => {
    console.error(`warning: the data directory lock was lost (${err.message}); stop other servers using this DATA_DIR.`);
  },
};

/** Takes the lock or throws DataDirInUseError naming the holder's pid. */
export async function lockDataDir(dbDir: string): Promise<DataDirLock> {
  const options = { ...LOCK_OPTIONS, lockfilePath: lockPath(dbDir) };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dbDir, options);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
    const pid = readPid(dbDir);
    // The holder died without unlocking (kill -9, power loss): the lock is ours to take.
    if (pid !== undefined && !isAlive(pid)) {
      rmSync(lockPath(dbDir), { recursive: true, force: true });
      release = await lockfile.lock(dbDir, options);
    } else {
      throw new DataDirInUseError(dbDir, pid);
    }
  }
  writeFileSync(pidPath(dbDir), `${process.pid}\n`);
  return {
    async release() {
      rmSync(pidPath(dbDir), { force: true });
      await release().catch(() => {});
    },
  };
}

/**
 * Whether a running server holds the data directory, for tools (create-admin)
 * that must then go through its HTTP API instead of opening the files.
 */
export async function readDataDirLock(dbDir: string): Promise<{ locked: boolean; pid: number | undefined }> {
  const locked = await lockfile.check(dbDir, { ...LOCK_OPTIONS, lockfilePath: lockPath(dbDir) }).catch(() => false);
  if (!locked) return { locked: false, pid: undefined };
  const pid = readPid(dbDir);
  if (pid !== undefined && !isAlive(pid)) return { locked: false, pid: undefined };
  return { locked: true, pid };
}
