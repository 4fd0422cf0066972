/**
 * npm run gen:types: applies supabase/migrations to a fresh in-memory
 * database and writes src/types/database.types.ts from it
 * (server/db/database-types.ts). `--check` writes nothing and exits 1 when
 * the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../server/config.ts';
import { generateDatabaseTypes } from '../server/db/database-types.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';

export const TYPES_FILE = path.join(PROJECT_ROOT, 'src', 'types', 'database.types.ts');

/** The types of the schema the migrations make. */
export async function typesFromMigrations(): Promise<string> {
  const db = await openPglite(undefined);
  try {
    await migrate(db, { migrationsDir: path.join(PROJECT_ROOT, 'supabase', 'migrations'), seedFile: undefined });
    return await generateDatabaseTypes(db);
  } finally {
    await db.close();
  }
}

async function main() {
  const types = await typesFromMigrations();
  const current = readFileSync(TYPES_FILE, 'utf8');
  if (process.argv.includes('--check')) {
    if (current === types) return;
    console.error(`${path.relative(process.cwd(), TYPES_FILE)} is out of date with supabase/migrations: run npm run gen:types.`);
    process.exit(1);
  }
  if (current !== types) writeFileSync(TYPES_FILE, types);
  console.log(`${path.relative(process.cwd(), TYPES_FILE)} ${current === types ? 'is up to date' : 'written'}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
