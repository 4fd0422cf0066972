/**
 * Helpers for the backup tests: a server on a copy of the migrated database
 * (decision 260) writing its backups into a folder of the test's, and the
 * site's clock set to a given instant (private.site_clock, decision 190).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PROJECT_ROOT } from '../config.ts';
import type { Database } from '../db/database.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { startServer, type RunningServer, type StartOptions } from '../index.ts';
import { DEFAULT_KEEP, type BackupConfig } from './config.ts';

export const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');

export interface BackupSite {
  server: RunningServer;
  dataDir: string;
  backupDir: string;
  service: SupabaseClient;
  done(): Promise<void>;
}

export function backupConfig(dir: string, over: Partial<BackupConfig> = {}): BackupConfig {
  return { dir, at: { hour: 3, minute: 0 }, keep: DEFAULT_KEEP, keepFailed: 5, s3: undefined, ...over };
}

export async function startBackupSite(over: Partial<BackupConfig> = {}, options: Partial<StartOptions> = {}): Promise<BackupSite> {
  const root = mkdtempSync(path.join(tmpdir(), 'backups-'));
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backups');
  await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, seedFile: false, backup: { ...backupConfig(backupDir, over), checkMs: 3600_000 }, ...options });
  const service = createClient(server.url, server.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  return {
    server,
    dataDir,
    backupDir,
    service,
    async done() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Moves the site's clock so that public.site_now() reads `at` (give or take the statement's milliseconds). */
export async function setSiteTime(db: Database, at: string | Date): Promise<void> {
  await db.query(`update private.site_clock set skew = $1::timestamptz - now()`, [new Date(at).toISOString()]);
}

/** A few posts (published, a draft) and one stored picture, written as the admin would, through the API. */
export async function addContent(service: SupabaseClient, posts: number, prefix = 'post'): Promise<void> {
  const rows = Array.from({ length: posts }, (_, i) => ({
    title: `${prefix} ${i}`,
    language: i % 2 ? 'en' : 'pt',
    published: i % 3 !== 0,
    date: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
    content: `Texto ${i} com **negrito**.`,
    read_time: '2 min',
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await service.from('blog_posts').insert(rows.slice(i, i + 500));
    if (error) throw new Error(error.message);
  }
}
