/**
 * Opens the backend's database from its configuration: a real PostgreSQL
 * server when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/db
 * (locked for this process) or in memory; then migrates it. First DATA_DIR,
 * whatever the database, is made owner-only (issue 22): the server and the
 * CLI tools that open the database all come through here.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { makeDataDirOwnerOnly } from '../data-dir-modes.ts';
import type { Database } from './database.ts';
import { lockDataDir, type DataDirLock } from './lock.ts';
import { migrate, type MigrateResult } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export interface OpenDatabaseOptions {
  /**
   * DATA_DIR, made owner-only (or refused, when another user's) in every
   * case; the embedded database lives in `<dataDir>/db` unless databaseUrl.
   */
  dataDir: string | undefined;
  databaseUrl?: string | undefined;
  /** PGlite in memory (tests): no files, no lock. */
  inMemory?: boolean;
  migrationsDir: string;
  seedFile?: string | undefined;
  /** MigrateOptions.migrationRole: migrate as a role shaped like a hosted project's `postgres`. */
  migrationRole?: string | undefined;
}

export interface OpenedDatabase {
  /** close() also releases the data directory lock. */
  db: Database;
  migration: MigrateResult;
  /** Human description for the start banner. */
  description: string;
}

export function embeddedDbDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

async function openRaw(options: OpenDatabaseOptions): Promise<{ db: Database; lock?: DataDirLock; description: string }> {
  if (options.databaseUrl) {
    const url = new URL(options.databaseUrl);
    return { db: await openPostgres(options.databaseUrl), description: `PostgreSQL at ${url.host}${url.pathname}` };
  }
  if (options.inMemory || !options.dataDir) {
    return { db: await openPglite(undefined), description: 'embedded PGlite in memory' };
  }
  const dir = embeddedDbDir(options.dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Lock before PGlite touches the files.
  const lock = await lockDataDir(dir);
  try {
    return { db: await openPglite(dir), lock, description: `embedded PGlite in ${dir}` };
  } catch (e) {
    await lock.release();
    throw e;
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.dataDir !== undefined) makeDataDirOwnerOnly(options.dataDir);
  const { db: raw, lock, description } = await openRaw(options);
  let closed: Promise<void> | undefined;
  const db: Database = {
    kind: raw.kind,
    query: raw.query.bind(raw),
    exec: raw.exec.bind(raw),
    transaction: raw.transaction.bind(raw),
    batch: raw.batch.bind(raw),
    get writes() {
      return raw.writes;
    },
    get contentChanges() {
      return raw.contentChanges;
    },
    // Idempotent: signal handlers and tests may both close.
    close() {
      closed ??= (async () => {
        try {
          await raw.close();
        } finally {
          await lock?.release();
        }
      })();
      return closed;
    },
  };
  try {
    const migration = await migrate(db, { migrationsDir: options.migrationsDir, seedFile: options.seedFile, migrationRole: options.migrationRole });
    return { db, migration, description };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}
