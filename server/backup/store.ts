/**
 * The backup folder on disk:
 *
 *   BACKUP_DIR/                         0700
 *     backup-20261128T060000Z.zip       a verified backup, 0600
 *     backup-20261128T060000Z.json      its record (status, counts, size, upload)
 *     backup-….zip.partial              one being written (removed at start)
 *     failed/backup-….{json,reason.txt,zip}  attempts that failed, kept apart
 *     backup.lock                       one writer at a time, across processes
 *     state.json                        when this folder was first seen
 *
 * A zip reaches its final name only after it was written, synced, read back
 * and its record written: a crash at any moment leaves either the previous
 * backups alone, or them and one more whole one.
 */
import { constants } from 'node:fs';
import { chmod, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export type BackupStatus = 'good' | 'failed';
export type Trigger = 'schedule' | 'manual';

export interface BackupCounts {
  posts: number;
  settings: number;
  objects: number;
  /** Null when the backup's format does not count them. */
  subscribers: number | null;
}

export interface UploadState {
  status: 'uploaded' | 'not_uploaded';
  /** When it was uploaded, or last tried. */
  at: string;
  key?: string;
  error?: string;
}

export interface BackupRecord {
  name: string;
  /** When it was started, on the site's clock (ISO). */
  created_at: string;
  finished_at: string;
  trigger: Trigger;
  status: BackupStatus;
  /** Why it failed (Portuguese: she reads it in the admin). */
  reason?: string;
  /** The zip's size and SHA-256; null when no whole zip was written. */
  size: number | null;
  sha256: string | null;
  counts: BackupCounts | null;
  upload?: UploadState;
}

export const FAILED_DIR = 'failed';
const NAME = /^backup-\d{8}T\d{6}(?:\d{3})?Z$/;

/** backup-20261128T060000Z, from the site's clock (UTC in the name: no zone or daylight-saving doubt). */
export function backupName(createdAt: Date): string {
  return `backup-${createdAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
}

export const isBackupName = (name: string) => NAME.test(name);

export const zipFile = (dir: string, name: string) => path.join(dir, `${name}.zip`);
export const recordFile = (dir: string, name: string) => path.join(dir, `${name}.json`);
export const partialFile = (dir: string, name: string) => `${zipFile(dir, name)}.partial`;
export const failedDir = (dir: string) => path.join(dir, FAILED_DIR);

/** The folder, owner-only whatever the umask or an older mode. */
export async function ensureBackupDir(dir: string): Promise<void> {
  await mkdir(failedDir(dir), { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await chmod(failedDir(dir), 0o700);
}

/** Makes a rename or an unlink in `dir` survive a power cut. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Written beside, synced, renamed over: a reader sees the old file or the new one, whole. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDir(path.dirname(file));
}

export async function writeRecord(dir: string, record: BackupRecord): Promise<void> {
  await writeFileAtomic(recordFile(dir, record.name), `${JSON.stringify(record, null, 2)}\n`);
}

async function readRecord(file: string): Promise<BackupRecord | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as BackupRecord;
    return typeof value.name === 'string' && isBackupName(value.name) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function names(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** The good backups (with their zip) and the failed ones, newest first. */
export async function listBackups(dir: string): Promise<{ good: BackupRecord[]; failed: BackupRecord[] }> {
  const files = new Set(await names(dir));
  const good: BackupRecord[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.json'.length);
    if (!file.endsWith('.json') || !isBackupName(name) || !files.has(`${name}.zip`)) continue;
    const record = await readRecord(path.join(dir, file));
    if (record?.status === 'good' && record.name === name) good.push(record);
  }
  const failed: BackupRecord[] = [];
  for (const file of await names(failedDir(dir))) {
    if (!file.endsWith('.json')) continue;
    const record = await readRecord(path.join(failedDir(dir), file));
    if (record) failed.push({ ...record, status: 'failed' });
  }
  const newestFirst = (a: BackupRecord, b: BackupRecord) => b.created_at.localeCompare(a.created_at) || b.name.localeCompare(a.name);
  return { good: good.sort(newestFirst), failed: failed.sort(newestFirst) };
}

/**
 * What a crash left: zips being written (`.partial`), half-written records
 * (`.tmp`), and records whose zip never got its name (the crash came between
 * the record and the rename). Never a whole backup.
 */
export async function removeLeftovers(dir: string): Promise<string[]> {
  const removed: string[] = [];
  const files = new Set(await names(dir));
  for (const file of files) {
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : undefined;
    const orphan = name !== undefined && isBackupName(name) && !files.has(`${name}.zip`);
    if (file.endsWith('.partial') || file.endsWith('.tmp') || orphan) {
      await rm(path.join(dir, file), { force: true });
      removed.push(file);
    }
  }
  for (const file of await names(failedDir(dir))) {
    if (file.endsWith('.partial') || file.endsWith('.tmp')) {
      await rm(path.join(failedDir(dir), file), { force: true });
      removed.push(`${FAILED_DIR}/${file}`);
    }
  }
  if (removed.length) await syncDir(dir);
  return removed;
}

/** A good backup goes: its zip first, so a crash between leaves a record the next start removes, never a zip without one. */
export async function removeBackup(dir: string, name: string): Promise<void> {
  await rm(zipFile(dir, name), { force: true });
  await rm(recordFile(dir, name), { force: true });
}

/** A failed attempt's files go together. */
export async function removeFailed(dir: string, name: string): Promise<void> {
  const failed = failedDir(dir);
  for (const suffix of ['.zip', '.json', '.reason.txt']) await rm(path.join(failed, `${name}${suffix}`), { force: true });
}

/** When this folder was first seen: with no backup yet, the first one is due at the first BACKUP_AT after it. */
export async function firstSeen(dir: string, now: Date): Promise<Date> {
  const file = path.join(dir, 'state.json');
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as { first_seen?: string };
    const at = new Date(String(value.first_seen));
    if (!Number.isNaN(+at)) return at;
  } catch {
    // none yet, or unreadable: start from now
  }
  await writeFileAtomic(file, `${JSON.stringify({ first_seen: now.toISOString() })}\n`);
  return now;
}
