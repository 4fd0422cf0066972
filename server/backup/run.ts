/**
 * One backup, start to end, under the folder's lock: export to `.partial`,
 * sync, read back and verify, compare its posts with the database's, write
 * its record, give the zip its name, rotate, then copy it off-site. A failure
 * anywhere is kept apart in `failed/` with its reason; the backups already
 * there are never touched except by the rotation, which runs only after a
 * new good one exists.
 */
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { DataDirInUseError, lockDataDir } from '../db/lock.ts';
import type { BackupConfig } from './config.ts';
import type { OffSite } from './off-site.ts';
import { backupsToKeep } from './rotation.ts';
import {
  backupName, ensureBackupDir, failedDir, listBackups, partialFile, recordFile, removeBackup, removeFailed, syncDir,
  writeRecord, zipFile, type BackupRecord, type Trigger,
} from './store.ts';
import { verifyInChild, VerifyError } from './verify.ts';
import { writeBackupZip, type ExportSource } from './write-zip.ts';

export interface BackupDeps {
  db: Database;
  config: BackupConfig;
  /** This server's API and its service_role key: the export reads through it, as `npm run export` does. */
  source: ExportSource;
  offSite?: OffSite | undefined;
  /** Called with each failure's reason (the server's log). */
  log?: (message: string) => void;
}

export type BackupOutcome = { status: 'busy' } | { status: 'skipped' } | { status: 'done'; record: BackupRecord };

/** The site's clock (decision 190): tests move it with private.site_clock.skew. */
export async function siteNow(db: Database): Promise<Date> {
  const { rows } = await db.query<{ now: string }>(`select to_char(public.site_now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now`);
  return new Date(rows[0]!.now);
}

async function postIds(db: Database): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('select id::text as id from public.blog_posts');
  return new Set(rows.map((r) => r.id));
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs one backup if no other process is writing one (then 'busy'). `due`,
 * asked under the lock, lets a scheduled run step aside when another process
 * has just written the day's backup ('skipped').
 */
export async function runBackup(deps: BackupDeps, trigger: Trigger, due?: () => Promise<boolean>): Promise<BackupOutcome> {
  const { dir } = deps.config;
  await ensureBackupDir(dir);
  let lock;
  try {
    lock = await lockDataDir(path.join(dir, 'backup'));
  } catch (e) {
    if (e instanceof DataDirInUseError) return { status: 'busy' };
    throw e;
  }
  try {
    if (due && !(await due())) return { status: 'skipped' };
    const record = await writeOne(deps, trigger);
    if (record.status === 'good') await rotate(deps);
    await pruneFailed(deps);
    if (deps.offSite) await copyOffSite(deps, deps.offSite);
    return { status: 'done', record: (await readBack(dir, record)) ?? record };
  } finally {
    await lock.release();
  }
}

async function readBack(dir: string, record: BackupRecord): Promise<BackupRecord | undefined> {
  const { good, failed } = await listBackups(dir);
  return [...good, ...failed].find((r) => r.name === record.name);
}

async function writeOne(deps: BackupDeps, trigger: Trigger): Promise<BackupRecord> {
  const { db, config } = deps;
  const { dir } = config;
  const createdAt = await siteNow(db);
  let name = backupName(createdAt);
  // Two in one second (a manual one beside the scheduled one): the milliseconds tell them apart.
  if (existsSync(zipFile(dir, name)) || existsSync(recordFile(failedDir(dir), name))) name = name.replace(/Z$/, `${String(createdAt.getUTCMilliseconds()).padStart(3, '0')}Z`);
  const partial = partialFile(dir, name);
  const base = { name, created_at: createdAt.toISOString(), trigger };
  const before = await postIds(db);
  let written;
  try {
    written = await writeBackupZip(deps.source, partial);
  } catch (e) {
    return fail(deps, { ...base, size: null, sha256: null, counts: null }, `A exportação falhou: ${message(e)}`, undefined);
  }
  const done = { ...base, size: written.size, sha256: written.sha256 };
  let verified;
  try {
    verified = await verifyInChild(partial);
  } catch (e) {
    return fail(deps, { ...done, counts: null }, e instanceof VerifyError ? e.message : `A verificação falhou: ${message(e)}`, partial);
  }
  // Every post there before the export began and still there now must be in it (posts written or deleted meanwhile may or may not be).
  const after = await postIds(db);
  const missing = [...before].filter((id) => after.has(id) && !verified.postIds.has(id));
  if (missing.length) {
    return fail(deps, { ...done, counts: verified.counts }, `Faltam no backup ${missing.length} posts do banco de dados (por exemplo ${missing[0]}).`, partial);
  }
  const record: BackupRecord = { ...done, counts: verified.counts, status: 'good', finished_at: (await siteNow(db)).toISOString() };
  // The record first, then the name: a zip with its final name always has its record.
  await writeRecord(dir, record);
  await rename(partial, zipFile(dir, name));
  await syncDir(dir);
  return record;
}

async function fail(deps: BackupDeps, partial: Omit<BackupRecord, 'status' | 'finished_at'>, reason: string, zip: string | undefined): Promise<BackupRecord> {
  const { dir } = deps.config;
  const failed = failedDir(dir);
  const record: BackupRecord = { ...partial, status: 'failed', reason, finished_at: (await siteNow(deps.db)).toISOString() };
  // The zip, when there is one, is kept for whoever wants to see what went wrong.
  if (zip) await rename(zip, zipFile(failed, record.name));
  await writeFile(path.join(failed, `${record.name}.reason.txt`), `${reason}\n`, { mode: 0o600 });
  await writeRecord(failed, record);
  deps.log?.(`Backup ${record.name} failed: ${reason}`);
  await rm(partialFile(dir, record.name), { force: true });
  return record;
}

async function rotate(deps: BackupDeps): Promise<void> {
  const { good } = await listBackups(deps.config.dir);
  const { remove } = backupsToKeep(good.map((r) => ({ ...r, createdAt: new Date(r.created_at) })), deps.config.keep);
  for (const record of remove) await removeBackup(deps.config.dir, record.name);
  if (remove.length) await syncDir(deps.config.dir);
}

async function pruneFailed(deps: BackupDeps): Promise<void> {
  const { failed } = await listBackups(deps.config.dir);
  for (const record of failed.slice(deps.config.keepFailed)) await removeFailed(deps.config.dir, record.name);
}

/** Uploads every kept backup not uploaded yet (newest first), then removes there what is not kept here. */
async function copyOffSite(deps: BackupDeps, offSite: OffSite): Promise<void> {
  const { dir } = deps.config;
  const { good } = await listBackups(dir);
  for (const record of good) {
    if (record.upload?.status === 'uploaded') continue;
    const at = (await siteNow(deps.db)).toISOString();
    try {
      const key = await offSite.upload(record.name, zipFile(dir, record.name), record.sha256!);
      await writeRecord(dir, { ...record, upload: { status: 'uploaded', at, key } });
    } catch (e) {
      deps.log?.(`Backup ${record.name} was not copied to ${offSite.description}: ${message(e)}`);
      await writeRecord(dir, { ...record, upload: { status: 'not_uploaded', at, error: message(e) } });
    }
  }
  try {
    await offSite.keepOnly(new Set(good.map((r) => r.name)), deps.config.keep);
  } catch (e) {
    deps.log?.(`Rotating the backups at ${offSite.description} failed: ${message(e)}`);
  }
}
