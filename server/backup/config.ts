/**
 * The daily backup's settings (issue 41), read and checked once at start
 * like the rest of the configuration: a wrong value stops the server with a
 * sentence saying how to fix it, rather than a night without a backup.
 */
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { parseS3Url, type S3Target } from './s3-url.ts';

export interface Keep {
  daily: number;
  weekly: number;
  monthly: number;
}

export interface BackupConfig {
  /** BACKUP_DIR: where the zips are kept (0700, files 0600). */
  dir: string;
  /** BACKUP_AT: the time of day, on the site's clock and in its time zone. */
  at: { hour: number; minute: number };
  keep: Keep;
  /** Failed attempts kept in `failed/` with their reason, apart from the rotation. */
  keepFailed: number;
  /** BACKUP_S3_URL: the off-site copy, when set. */
  s3: S3Target | undefined;
}

export const DEFAULT_KEEP: Keep = { daily: 7, weekly: 4, monthly: 12 };
const KEEP_FAILED = 5;

export function parseBackupAt(raw: string | undefined): { hour: number; minute: number } {
  if (raw === undefined || raw === '') return { hour: 3, minute: 0 };
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(raw.trim());
  if (!m) throw new ConfigError(`BACKUP_AT=${raw} is not a time of day. Use HH:MM on a 24-hour clock in the site's time zone, like 03:00 (the default).`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

function parseKeep(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1000) throw new ConfigError(`${name}=${raw} is not a count. Use a whole number from 0 to 1000 (default ${fallback}).`);
  return n;
}

export function parseBackupConfig(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  const keep = {
    daily: parseKeep('BACKUP_KEEP_DAILY', env.BACKUP_KEEP_DAILY, DEFAULT_KEEP.daily),
    weekly: parseKeep('BACKUP_KEEP_WEEKLY', env.BACKUP_KEEP_WEEKLY, DEFAULT_KEEP.weekly),
    monthly: parseKeep('BACKUP_KEEP_MONTHLY', env.BACKUP_KEEP_MONTHLY, DEFAULT_KEEP.monthly),
  };
  return {
    dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups'),
    at: parseBackupAt(env.BACKUP_AT),
    keep,
    keepFailed: KEEP_FAILED,
    s3: env.BACKUP_S3_URL ? parseS3Url(env.BACKUP_S3_URL) : undefined,
  };
}
