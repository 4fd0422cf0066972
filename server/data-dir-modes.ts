/**
 * DATA_DIR holds what must stay this user's alone: the embedded database
 * (its WAL carries password hashes, TOTP secrets and refresh tokens), the
 * JWT secret, mails whose links sign in, uploaded pictures not yet
 * published. So every folder in it is 0700 and every file 0600 (issue 22):
 * each writer creates with those modes (the database's thread through
 * db/owner-only-fs.mjs), and opening a directory makes whatever an older
 * version or a hand left looser owner-only, with one warning.
 *
 * A DATA_DIR that belongs to another user is refused (that user reads it
 * whatever the modes; PostgreSQL refuses a data directory it does not own for
 * the same reason). A symbolic link is followed when it and the folder it
 * names belong to this user: someone else's link could point the walk, and
 * the data, anywhere. Links inside are never followed.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config.ts';

export class DataDirError extends ConfigError {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** What was looser than owner-only and is not any more. */
export interface Tightened {
  files: number;
  folders: number;
}

const OTHERS = 0o077;

function statOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function checkOwner(dataDir: string, uid: number): void {
  const entry = lstatSync(dataDir);
  if (entry.isSymbolicLink() && entry.uid !== uid) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} is a symbolic link that belongs to another user (uid ${entry.uid}); this server runs as uid ${uid}. ` +
        'Point DATA_DIR at the folder itself, or make the link as this user.',
    );
  }
  const folder = entry.isSymbolicLink() ? statSync(dataDir) : entry;
  if (!folder.isDirectory()) throw new DataDirError(`DATA_DIR ${dataDir} is not a folder. Set DATA_DIR to a folder (it is created if missing).`);
  if (folder.uid !== uid) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} belongs to another user (uid ${folder.uid}); this server runs as uid ${uid}, ` +
        'and the owner of the folder could read the database whatever its modes. Run the server as that user, or set DATA_DIR to a folder of your own.',
    );
  }
}

/** Removes group and other bits from `file` if it has any; true if it had. */
function tighten(file: string, stat: Stats): boolean {
  if ((stat.mode & OTHERS) === 0) return false;
  try {
    chmodSync(file, stat.mode & 0o700);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false; // removed meanwhile
    if ((e as NodeJS.ErrnoException).code === 'EPERM') {
      throw new DataDirError(
        `${file} belongs to another user (uid ${stat.uid}), so this server (uid ${process.geteuid?.()}) cannot make it owner-only. ` +
          'Give the files of DATA_DIR back to this user (chown -R), or set DATA_DIR to another folder.',
      );
    }
    throw e;
  }
  return true;
}

function walk(dir: string, found: Tightened): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  for (const entry of entries) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(dir, entry.name);
    const stat = statOrUndefined(full);
    if (!stat) continue;
    if (stat.isDirectory()) {
      if (tighten(full, stat)) found.folders++;
      walk(full, found);
    } else if (tighten(full, stat)) found.files++;
  }
}

/**
 * Creates DATA_DIR owner-only, or checks whose it is and makes everything in
 * it owner-only, warning once with what it changed. `uid`: the user the
 * server runs as (tests name another).
 */
export function makeDataDirOwnerOnly(dataDir: string, options: { uid?: number } = {}): Tightened {
  const found: Tightened = { files: 0, folders: 0 };
  const uid = options.uid ?? process.geteuid?.();
  // Windows has no owner and group modes to tighten.
  if (uid === undefined) return found;
  if (!statOrUndefined(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return found;
  }
  checkOwner(dataDir, uid);
  const top = statSync(dataDir);
  if (tighten(dataDir, top)) found.folders++;
  walk(dataDir, found);
  const counted = (n: number, noun: string) => (n === 0 ? [] : [`${n} ${noun}${n === 1 ? '' : 's'}`]);
  const what = [...counted(found.files, 'file'), ...counted(found.folders, 'folder')].join(' and ');
  if (what) {
    console.warn(
      `${dataDir}: other users could read or change ${what} in it; made them owner-only (files 0600, folders 0700), ` +
        'as everything the server writes there from now on.',
    );
  }
  return found;
}
