/**
 * `npm run build`: the browser's bundle into dist/ (with brotli and gzip
 * copies of its files), then the server renderer of the public pages
 * (src/app/ssr/entry-server.tsx) into dist/.ssr/, from the same sources in
 * the same run, so the HTML the server renders is the HTML the browser
 * hydrates. `--out DIR` builds into DIR instead of dist/.
 *
 * `buildIfNeeded()` (npm start, the integration tests) builds only when dist/
 * is missing, older than its sources, or was built for other VITE_SUPABASE_*
 * values (a hosted target, a static export).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

export const root = resolve(import.meta.dirname, '..');
export const distDir = join(root, 'dist');

/** Where the server bundle of a build lives (a dot folder: the backend never serves it as a file). */
export const ssrDirOf = (outDir: string) => resolve(outDir, '.ssr');
export const ssrEntryOf = (outDir: string) => resolve(ssrDirOf(outDir), 'entry-server.js');
const stampOf = (outDir: string) => join(outDir, '.build-env.json');

/** What the site's sources are: a change to any of them means a new build. */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build.ts'];

/** The build-time variables baked into the bundle; other values mean another build. */
function buildEnv(): string {
  return JSON.stringify({
    // A build made under vitest (NODE_ENV=test) was React's development build,
    // which `npm start` then served; every build is production now.
    NODE_ENV: PRODUCTION.NODE_ENV,
    VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? '',
    VITE_SUPABASE_PUBLISHABLE_KEY: process.env.VITE_SUPABASE_PUBLISHABLE_KEY ?? '',
  });
}

/**
 * What readers get, whichever NODE_ENV the builder runs under: Vite and its
 * React plugin read NODE_ENV, and with one inherited from vitest ("test")
 * they built React's development build (several times slower to hydrate),
 * which `npm start` then served. So the build runs with NODE_ENV=production,
 * and the caller's is given back after.
 */
const PRODUCTION = { NODE_ENV: 'production', mode: 'production' } as const;

export async function buildSite(outDir = distDir, logLevel: 'info' | 'warn' | 'silent' = 'warn'): Promise<void> {
  const callers = process.env.NODE_ENV;
  process.env.NODE_ENV = PRODUCTION.NODE_ENV;
  try {
    await buildBoth(outDir, logLevel);
  } finally {
    if (callers === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callers;
  }
  writeFileSync(stampOf(outDir), buildEnv());
}

async function buildBoth(outDir: string, logLevel: 'info' | 'warn' | 'silent'): Promise<void> {
  const { mode } = PRODUCTION;
  await build({ root, logLevel, mode, build: { outDir, emptyOutDir: true } });
  await build({
    root,
    logLevel,
    mode,
    // One self-contained file: React's production build inside it (whatever
    // NODE_ENV the server runs with), and no chunks a re-import after a
    // rebuild could load twice.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/ssr/entry-server.tsx',
      outDir: ssrDirOf(outDir),
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why dist/ must be built again, or undefined when it is current. */
export function buildReason(outDir = distDir): string | undefined {
  const index = join(outDir, 'index.html');
  const entry = ssrEntryOf(outDir);
  if (!existsSync(index)) return 'dist/ is missing';
  // A static export keeps no server renderer: it is not a build to serve.
  if (!existsSync(entry)) return 'dist/ has no server renderer';
  const builtAt = Math.min(statSync(index).mtimeMs, statSync(entry).mtimeMs);
  const changed = SOURCES.find((s) => newestMtime(join(root, s)) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  const stamp = existsSync(stampOf(outDir)) ? readFileSync(stampOf(outDir), 'utf8') : '';
  if (stamp !== buildEnv()) return 'the VITE_SUPABASE_* variables changed';
  return undefined;
}

export async function buildIfNeeded(log: (line: string) => void = console.log): Promise<void> {
  const reason = buildReason();
  if (!reason) {
    log('The site in dist/ is up to date.');
    return;
  }
  log(`Building the site (${reason})…`);
  const started = Date.now();
  await buildSite();
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--out');
  const outDir = i > 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]!) : undefined;
  const started = Date.now();
  buildSite(outDir, 'info').then(
    () => console.log(`Built the site and its server renderer in ${((Date.now() - started) / 1000).toFixed(1)} s.`),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
