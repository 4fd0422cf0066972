/**
 * Brings a database to the schema of supabase/: the bootstrap (what a hosted
 * project has before any migration), then each migration not yet recorded,
 * in filename order and each in its own transaction, then seed.sql once on a
 * new database — the order `supabase db reset` uses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPgError, type Database, type Queryable } from './database.ts';

const BOOTSTRAP_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql');
const HOSTED_ROLES_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hosted-roles.sql');

export class MigrationError extends Error {
  constructor(file: string, cause: unknown) {
    const pg = isPgError(cause) ? cause : undefined;
    const reason = cause instanceof Error ? cause.message : String(cause);
    const extra = [pg?.code && `SQLSTATE ${pg.code}`, pg?.detail, pg?.hint].filter(Boolean).join('; ');
    super(`${file} failed: ${reason}${extra ? ` (${extra})` : ''}. Fix the file and start again; nothing of it was applied.`);
    this.name = 'MigrationError';
  }
}

const MIGRATION_LOCK = 7_245_031;

/**
 * The bootstrap is idempotent, but roles are shared by every database of a
 * PostgreSQL server: two databases bootstrapping at once (parallel test
 * files) can collide on `create role` / `grant`. Running it again settles it.
 */
async function bootstrap(db: Database, file: string, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.exec(sql);
      return;
    } catch (e) {
      const racing = isPgError(e) && ['23505', '42710', 'XX000', '40001', '40P01'].includes(e.code ?? '');
      if (!racing || attempt >= 5) throw new MigrationError(file, e);
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** hosted-roles.sql for one migrating role (its name checked, then quoted where the file names it). */
function hostedRolesSql(role: string): string {
  if (!ROLE_NAME.test(role)) throw new Error(`migrationRole must be a lower-case SQL name, not ${JSON.stringify(role)}`);
  return readFileSync(HOSTED_ROLES_SQL, 'utf8').replaceAll(":'migrator_name'", `'${role}'`).replaceAll(':migrator', `"${role}"`);
}

export interface MigrateOptions {
  migrationsDir: string;
  /** seed.sql; run only when the database was created by this call. */
  seedFile: string | undefined;
  /**
   * Run the migrations and the seed as this role, shaped like a hosted
   * project's `postgres` (hosted-roles.sql: not a superuser), instead of as
   * the connecting superuser. The PostgreSQL integration layer sets it; a
   * database keeps the role once migrated with it.
   */
  migrationRole?: string | undefined;
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
  await bootstrap(db, 'server/db/bootstrap.sql', readFileSync(BOOTSTRAP_SQL, 'utf8'));
  const role = options.migrationRole;
  if (role) await bootstrap(db, 'server/db/hosted-roles.sql', hostedRolesSql(role));
  /** Runs `sql` as the migrating role, if any; what follows in the transaction runs as the connecting role again. */
  const asMigrator = async (tx: Queryable, sql: string) => {
    if (role) await tx.query(`set local role "${role}"`);
    await tx.exec(sql);
    if (role) await tx.query('reset role');
  };

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
    let ran: boolean;
    try {
      ran = await db.transaction(async (tx) => {
        // Two servers starting on one DATABASE_URL: the second waits, then skips what the first applied.
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const again = await tx.query('select 1 from local_backend.schema_migrations where version = $1', [version]);
        if (again.rows.length) return false;
        await asMigrator(tx, sql);
        await tx.query('insert into local_backend.schema_migrations (version, name) values ($1, $2)', [version, name]);
        return true;
      });
    } catch (e) {
      throw new MigrationError(`supabase/migrations/${file}`, e);
    }
    if (ran) applied.push(file);
  }

  let seeded = false;
  if (isNew) {
    if (options.seedFile && existsSync(options.seedFile)) {
      const seed = readFileSync(options.seedFile, 'utf8');
      try {
        await db.transaction(async (tx) => {
          await asMigrator(tx, seed);
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
  // After the seed: the demo content is no news to anyone listening.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('select local_backend.capture_publication()');
  });
  return { applied, seeded };
}
