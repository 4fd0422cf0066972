/**
 * Brings a database to the schema of supabase/: the bootstrap (what a hosted
 * project has before any migration), then each migration not yet recorded,
 * in filename order and each in its own transaction, then seed.sql once on a
 * new database — the order `supabase db reset` uses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPgError, type Database } from './database.ts';

const BOOTSTRAP_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql');

export class MigrationError extends Error {
  constructor(file: string, cause: unknown) {
    const pg = isPgError(cause) ? cause : undefined;
    const reason = cause instanceof Error ? cause.message : String(cause);
    const extra = [pg?.code && `SQLSTATE ${pg.code}`, pg?.detail, pg?.hint].filter(Boolean).join('; ');
    super(`${file} failed: ${reason}${extra ? ` (${extra})` : ''}. Fix the file and start again; nothing of it was applied.`);
    this.name = 'MigrationError';
  }
}

export interface MigrateOptions {
  migrationsDir: string;
  /** seed.sql; run only when the database was created by this call. */
  seedFile: string | undefined;
}

export interface MigrateResult {
  applied: string[];
  seeded: boolean;
}

/** `20250101120000_name.sql` → version `20250101120000`, name `name` (as the Supabase CLI records them). */
function splitName(file: string): { version: string; name: string } {
  const base = file.replace(/\.sql$/, '');
  const i = base.indexOf('_');
  return i < 0 ? { version: base, name: base } : { version: base.slice(0, i), name: base.slice(i + 1) };
}

async function isNewDatabase(db: Database): Promise<boolean> {
  const r = await db.query<{ initialized: boolean }>(
    `select exists (select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'local_backend' and c.relname = 'meta') as initialized`,
  );
  if (!r.rows[0]?.initialized) return true;
  const m = await db.query(`select 1 from local_backend.meta where key = 'initialized_at'`);
  return m.rows.length === 0;
}

export async function migrate(db: Database, options: MigrateOptions): Promise<MigrateResult> {
  const isNew = await isNewDatabase(db);
  try {
    await db.exec(readFileSync(BOOTSTRAP_SQL, 'utf8'));
  } catch (e) {
    throw new MigrationError('server/db/bootstrap.sql', e);
  }

  const files = existsSync(options.migrationsDir)
    ? readdirSync(options.migrationsDir).filter((f) => f.endsWith('.sql')).sort()
    : [];
  const done = new Set(
    (await db.query<{ version: string }>('select version from local_backend.schema_migrations')).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = splitName(file);
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(options.migrationsDir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into local_backend.schema_migrations (version, name) values ($1, $2)', [version, name]);
      });
    } catch (e) {
      throw new MigrationError(`supabase/migrations/${file}`, e);
    }
    applied.push(file);
  }

  let seeded = false;
  if (isNew) {
    if (options.seedFile && existsSync(options.seedFile)) {
      const seed = readFileSync(options.seedFile, 'utf8');
      try {
        await db.transaction(async (tx) => {
          await tx.exec(seed);
          await tx.query(`insert into local_backend.meta (key, value) values ('seeded_at', now()::text)`);
        });
      } catch (e) {
        throw new MigrationError(path.basename(options.seedFile), e);
      }
      seeded = true;
    }
    await db.query(
      `insert into local_backend.meta (key, value) values ('initialized_at', now()::text) on conflict (key) do nothing`,
    );
  }
  return { applied, seeded };
}
