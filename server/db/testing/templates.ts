/**
 * Migrated databases made once and copied for each test backend (decision 260).
 *
 * A new embedded database costs 7–11 s on these machines (PGlite's initdb in
 * WebAssembly, then every migration and the seed), and the integration and
 * server layers start about a hundred backends. The same migrations give the
 * same database every time, so each is migrated once per content, through
 * the same migrate() the server runs, and then copied:
 * - PGlite: the data directory, copied into `<DATA_DIR>/db` (under 2 s with
 *   the open that follows);
 * - in memory: a dump of that directory, which PGlite loads (about 2 s);
 * - PostgreSQL: a template database on the test server, which
 *   `create database … template` copies in a fraction of a second.
 * The server then opens a database that is already migrated: migrate() runs
 * and finds nothing to apply, as after any restart.
 *
 * A template is named by a hash of everything that shapes it (the migration
 * files, the seed, the bootstrap, the migrating role, migrate.ts and the
 * PGlite version), so a change to any of them makes a new one, and two test
 * workers that need the same one at once make it once.
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PROJECT_ROOT } from '../../config.ts';
import { migrate } from '../migrate.ts';
import { openDatabase } from '../open.ts';
import { openPostgres } from '../postgres.ts';

export interface TemplateSpec {
  migrationsDir: string;
  /** seed.sql, run on the new database; undefined = none. */
  seedFile?: string | undefined;
  /** MigrateOptions.migrationRole (PostgreSQL only). */
  migrationRole?: string | undefined;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const SHAPERS = [
  path.join(here, '..', 'bootstrap.sql'),
  path.join(here, '..', 'hosted-roles.sql'),
  path.join(here, '..', 'migrate.ts'),
  path.join(PROJECT_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
];

/** The templates' folder; old ones are removed after a day unused. */
const ROOT = path.join(tmpdir(), 'journalist-site-db-templates');
const UNUSED_FOR_MS = 24 * 3600 * 1000;

function templateKey(spec: TemplateSpec): string {
  const h = createHash('sha256');
  h.update(`role:${spec.migrationRole ?? ''}\n`);
  for (const file of SHAPERS) h.update(readFileSync(file));
  const migrations = readdirSync(spec.migrationsDir).filter((f) => f.endsWith('.sql')).sort();
  for (const file of migrations) {
    h.update(`\n${file}\n`);
    h.update(readFileSync(path.join(spec.migrationsDir, file)));
  }
  h.update(spec.seedFile ? readFileSync(spec.seedFile) : 'no seed');
  return h.digest('hex').slice(0, 16);
}

/** Which schema a template is of (its files' places and the role), whatever their contents. */
function familyOf(spec: TemplateSpec): string {
  return createHash('sha256')
    .update(`${path.resolve(spec.migrationsDir)}\n${spec.seedFile ? path.resolve(spec.seedFile) : ''}\n${spec.migrationRole ?? ''}`)
    .digest('hex')
    .slice(0, 8);
}

/** Copies a folder, each folder 0700 and each file 0600, as DATA_DIR keeps them (issue 22). */
function copyOwnerOnly(from: string, to: string): void {
  mkdirSync(to, { mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyOwnerOnly(source, target);
    else if (entry.isFile()) copyFileSync(source, target);
  }
}

function removeStale(keep: string): void {
  for (const name of existsSync(ROOT) ? readdirSync(ROOT) : []) {
    const dir = path.join(ROOT, name);
    if (name === keep) continue;
    try {
      if (Date.now() - statSync(dir).mtimeMs > UNUSED_FOR_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

const pgliteMade = new Map<string, Promise<string>>();

/** A migrated PGlite data directory for `spec`, made on first use. */
export function pgliteTemplate(spec: TemplateSpec): Promise<string> {
  const key = templateKey({ ...spec, migrationRole: undefined });
  let made = pgliteMade.get(key);
  if (!made) {
    made = makePgliteTemplate(key, spec);
    pgliteMade.set(key, made);
  }
  return made;
}

async function makePgliteTemplate(key: string, spec: TemplateSpec): Promise<string> {
  const done = path.join(ROOT, key);
  if (existsSync(path.join(done, 'PG_VERSION'))) return done;
  mkdirSync(ROOT, { recursive: true, mode: 0o700 });
  removeStale(key);
  const building = mkdtempSync(path.join(ROOT, `building-${key}-`));
  try {
    const { db } = await openDatabase({ dataDir: building, migrationsDir: spec.migrationsDir, seedFile: spec.seedFile });
    await db.close();
    try {
      renameSync(path.join(building, 'db'), done);
    } catch (e) {
      // Another worker finished the same template first: use theirs.
      if (!['ENOTEMPTY', 'EEXIST'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return done;
}

/**
 * Puts a copy of the template in `<dataDir>/db`, where the server opens its
 * embedded database: it then starts on a migrated (and seeded) database.
 */
export async function copyPgliteTemplate(dataDir: string, spec: TemplateSpec): Promise<void> {
  const template = await pgliteTemplate(spec);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  copyOwnerOnly(template, path.join(dataDir, 'db'));
}

const postgresMade = new Map<string, Promise<string>>();

/**
 * The name of a template database on the server of `serverUrl`, migrated as
 * `spec` says, made once (under an advisory lock, since several test workers
 * share the server) and kept for the next runs.
 */
export function postgresTemplate(serverUrl: string, spec: TemplateSpec): Promise<string> {
  const name = `tpl_${familyOf(spec)}_${templateKey(spec)}`;
  let made = postgresMade.get(name);
  if (!made) {
    made = makePostgresTemplate(serverUrl, name, spec);
    postgresMade.set(name, made);
  }
  return made;
}

const TEMPLATE_LOCK = 7_245_032;

async function makePostgresTemplate(serverUrl: string, name: string, spec: TemplateSpec): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rows.length > 0) return name;
    // The same schema's templates of older contents go (each is a whole database); other schemas' stay in use.
    const family = name.slice(0, name.lastIndexOf('_') + 1);
    const old = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1) and datname <> $2 and datname not like '%\\_building'`,
      [family, name],
    );
    for (const { datname } of old.rows) {
      await admin.query(`alter database "${datname}" is_template false`);
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    const building = `${name}_building`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const db = await openPostgres(url.toString());
    try {
      await migrate(db, { migrationsDir: spec.migrationsDir, seedFile: spec.seedFile, migrationRole: spec.migrationRole });
    } finally {
      await db.close();
    }
    await admin.query(`alter database "${building}" rename to "${name}"`);
    await admin.query(`alter database "${name}" is_template true`);
    return name;
  } finally {
    await admin.end();
  }
}

/** A new database on the server, copied from the template for `spec`; drop() removes it. */
export async function createDatabaseFromTemplate(
  serverUrl: string,
  spec: TemplateSpec,
  prefix = 'it',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const template = await postgresTemplate(serverUrl, spec);
  const name = `${prefix}_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
