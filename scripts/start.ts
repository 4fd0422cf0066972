/**
 * `npm start`: the whole product on one machine, no account, no Docker.
 *
 * 1. Builds the site (scripts/build.ts: the SPA and its server renderer) when
 *    dist/ is missing or older than its sources (or was built for another
 *    VITE_SUPABASE_* target, or is a static export).
 * 2. Starts the local backend (server/index.ts) in this process: embedded
 *    PGlite in DATA_DIR (default ./.data) or DATABASE_URL, on PORT (default
 *    8080), serving the SPA and the Supabase APIs on one origin.
 * 3. Prints where the site is and how to make an admin.
 *
 * The data stays in DATA_DIR between starts. Ctrl+C (or SIGTERM) closes the
 * database cleanly.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';
import { DataDirInUseError } from '../server/db/lock.ts';
import { MigrationError } from '../server/db/migrate.ts';
import { startServer } from '../server/index.ts';
import { buildSite, ssrEntryOf } from './build.ts';

const root = resolve(import.meta.dirname, '..');
const distDir = join(root, 'dist');
const stampFile = join(distDir, '.build-env.json');

/** What the site's sources are: a change to any of them means a new build. */
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The build-time variables baked into the bundle; another target means another build. */
function buildEnv(): string {
  return JSON.stringify({
    VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? '',
    VITE_SUPABASE_PUBLISHABLE_KEY: process.env.VITE_SUPABASE_PUBLISHABLE_KEY ?? '',
  });
}

function buildReason(): string | undefined {
  const index = join(distDir, 'index.html');
  const entry = ssrEntryOf(distDir);
  if (!existsSync(index)) return 'dist/ is missing';
  if (!existsSync(entry)) return 'dist/ has no server renderer';
  const builtAt = Math.min(statSync(index).mtimeMs, statSync(entry).mtimeMs);
  const changed = sources.find((s) => newestMtime(join(root, s)) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  // A build without the stamp (`npm run build`, `npm test`) is taken as one
  // for the local backend, unless VITE_SUPABASE_* are set now.
  const defaultEnv = JSON.stringify({ VITE_SUPABASE_URL: '', VITE_SUPABASE_PUBLISHABLE_KEY: '' });
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : defaultEnv;
  if (stamp !== buildEnv()) return 'the VITE_SUPABASE_* variables changed';
  return undefined;
}

async function buildIfNeeded() {
  const reason = buildReason();
  if (!reason) {
    console.log('The SPA in dist/ is up to date.');
    return;
  }
  console.log(`Building the site (${reason})…`);
  const started = Date.now();
  await buildSite(distDir);
  writeFileSync(stampFile, buildEnv());
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function main() {
  // PORT, HOST, DATA_DIR, DATABASE_URL, JWT_SECRET: checked before anything slow.
  const config = loadConfig();

  await buildIfNeeded();

  const server = await startServer({
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    spaDir: distDir,
    siteUrl: config.siteUrl,
  });

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing the database…`);
    try {
      await server.close();
      process.exit(0);
    } catch (e) {
      console.error(e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const url = server.url;
  console.log(`
The site is running at ${url}
  Portuguese home   ${url}/pt
  English home      ${url}/en
  Sign in           ${url}/auth   (admin panel: ${url}/admin)
Database: ${server.database}; its data is kept between starts.

To make an admin (also while this runs, from another terminal${process.env.DATA_DIR ? ', with the same DATA_DIR' : ''}):
  npm run create-admin -- --email you@example.com --password 'a-strong-password'

Stop with Ctrl+C.`);
}

main().catch((e: unknown) => {
  // Errors a person can fix get their message only; anything else its stack.
  const known = e instanceof ConfigError || e instanceof DataDirInUseError || e instanceof MigrationError;
  if (e instanceof Error && (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`${e.message}: another program uses this port. Stop it, or set PORT to another port.`);
  } else {
    console.error(known ? e.message : e instanceof Error ? (e.stack ?? e.message) : e);
  }
  process.exit(1);
});
