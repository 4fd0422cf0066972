/**
 * The daily backup (issue 41), started and stopped with the server like the
 * publication clock. It looks once a minute (and at start) on the site's
 * clock: a backup is due when the last attempt, good or failed, is older than
 * the last BACKUP_AT that passed. So a server that was down at that time
 * catches up at its next start, and a day is never backed up twice. A
 * failed attempt is tried again an hour later until one succeeds. With no
 * backup at all yet, the first is due at the first BACKUP_AT after the
 * folder was first seen (a fresh install is not backed up at its first
 * start; "Fazer backup agora" is there for that).
 */
import path from 'node:path';
import { isPgError } from '../db/database.ts';
import { readDataDirLock } from '../db/lock.ts';
import { runBackup, siteNow, type BackupDeps, type BackupOutcome } from './run.ts';
import { slotAtOrBefore } from './schedule.ts';
import { ensureBackupDir, firstSeen, listBackups, removeLeftovers, type Trigger } from './store.ts';

export const CHECK_MS = 60_000;
const RETRY_FAILED_MS = 60 * 60_000;

export interface BackupScheduler {
  /** The look now: runs the backup if it is due (tests move the site's clock, then call it). */
  check(): Promise<BackupOutcome | undefined>;
  /** "Fazer backup agora": starts one unless one is being written (then 'busy'). */
  runNow(): Promise<BackupOutcome>;
  /** Whether this process is writing one now. */
  readonly running: boolean;
  readonly deps: BackupDeps;
  stop(): Promise<void>;
}

/** Whether a scheduled backup is due at `now` (see the file's comment). */
export async function isDue(deps: BackupDeps, now: Date): Promise<boolean> {
  const { good, failed } = await listBackups(deps.config.dir);
  const slot = slotAtOrBefore(now, deps.config.at);
  const lastGood = good[0] ? new Date(good[0].created_at) : undefined;
  const lastFailed = failed[0] ? new Date(failed[0].created_at) : undefined;
  if (lastGood && +lastGood >= +slot) return false;
  if (lastFailed && +lastFailed >= +slot) return +now - +lastFailed >= RETRY_FAILED_MS;
  if (!lastGood && !lastFailed) return +(await firstSeen(deps.config.dir, now)) < +slot;
  return true;
}

/** A database without the site's tables (the server tests' fixture) has nothing to back up. */
const missingSchema = (e: unknown) => isPgError(e) && (e.code === '42883' || e.code === '42P01' || e.code === '3F000');

export async function startBackupScheduler(deps: BackupDeps, { intervalMs = CHECK_MS }: { intervalMs?: number } = {}): Promise<BackupScheduler> {
  await ensureBackupDir(deps.config.dir);
  // A crash (kill -9, power cut) mid-write left these; no other process can be writing: it would hold the lock.
  await removeLeftoversUnlessLocked(deps);
  let running: Promise<BackupOutcome> | undefined;
  let looking: Promise<BackupOutcome | undefined> | undefined;
  let stopped = false;
  let disabled = false;

  const run = (trigger: Trigger, due?: () => Promise<boolean>) => {
    running ??= runBackup(deps, trigger, due).finally(() => {
      running = undefined;
    });
    return running;
  };

  const check = () => {
    looking ??= (async () => {
      if (disabled || stopped) return undefined;
      try {
        if (running) return undefined;
        const now = await siteNow(deps.db);
        if (!(await isDue(deps, now))) return undefined;
        return await run('schedule', async () => isDue(deps, await siteNow(deps.db)));
      } catch (e) {
        if (missingSchema(e)) disabled = true;
        else deps.log?.(`The scheduled backup could not run: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    })().finally(() => {
      looking = undefined;
    });
    return looking;
  };

  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    check,
    runNow: () => run('manual'),
    get running() {
      return running !== undefined;
    },
    deps,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await looking;
      await running?.catch(() => undefined);
    },
  };
}

async function removeLeftoversUnlessLocked(deps: BackupDeps): Promise<void> {
  if ((await readDataDirLock(path.join(deps.config.dir, 'backup'))).locked) return;
  const removed = await removeLeftovers(deps.config.dir);
  if (removed.length) deps.log?.(`Removed what an interrupted backup left: ${removed.join(', ')}`);
}
