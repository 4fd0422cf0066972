/**
 * npm run size: builds the SPA and prints, for the first render of /pt,
 * /pt/:slug (a post) and /admin, the JS and CSS files the browser loads (the entry with
 * its static imports, plus the lazy route chunks that route needs), raw and
 * gzip, with a total per route. Targets: ≤ 150 KB gzip JS for /pt (issue 3);
 * what a post (/pt/:slug) loads beyond /pt (the Markdown renderer, issue 12) ≤ 20 KB gzip.
 *
 * It builds into a temporary directory, not dist/, so a server running from
 * dist/ is not disturbed. `--out-dir DIR` builds there instead.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const KB = 1024;
const TARGET_PT_JS_GZIP = 150 * KB;
const TARGET_POST_EXTRA_JS_GZIP = 20 * KB;

/** Lazy route modules each page needs on first render (see src/app/router.tsx). */
const ROUTES: Record<string, string[]> = {
  '/pt': [],
  '/pt/:slug': ['src/app/routes/post.tsx'],
  '/admin': ['src/app/routes/session-layout.tsx', 'src/app/routes/admin.tsx'],
};

const outArg = process.argv.indexOf('--out-dir');
const keep = outArg > 0;
const outDir = keep ? resolve(process.argv[outArg + 1] ?? 'dist') : mkdtempSync(join(tmpdir(), 'size-'));

await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false } });
const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the manifest: is index.html the build input?');

/** A chunk's file, its CSS, and recursively its static imports. */
function collect(key: string, files: Set<string>) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: was the route renamed? Update ROUTES in scripts/size.ts.`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  chunk.css?.forEach((css) => files.add(css));
  chunk.imports?.forEach((imported) => collect(imported, files));
}

const fmt = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(7)} KB`;
const jsGzip: Record<string, number> = {};

for (const [route, lazy] of Object.entries(ROUTES)) {
  const files = new Set<string>();
  [entryKey, ...lazy].forEach((key) => collect(key, files));
  const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
  console.log(`\n${route}`);
  for (const file of files) {
    const body = readFileSync(join(outDir, file));
    const kind = file.endsWith('.css') ? 'css' : 'js';
    const gzip = gzipSync(body, { level: 9 }).length;
    totals[kind].raw += body.length;
    totals[kind].gzip += gzip;
    console.log(`  ${file.padEnd(48)} ${fmt(body.length)} raw ${fmt(gzip)} gzip`);
  }
  console.log(`  ${'total JS'.padEnd(48)} ${fmt(totals.js.raw)} raw ${fmt(totals.js.gzip)} gzip`);
  console.log(`  ${'total CSS'.padEnd(48)} ${fmt(totals.css.raw)} raw ${fmt(totals.css.gzip)} gzip`);
  jsGzip[route] = totals.js.gzip;
}

const ptJsGzip = jsGzip['/pt']!;
const postExtra = jsGzip['/pt/:slug']! - ptJsGzip;
const ptMet = ptJsGzip <= TARGET_PT_JS_GZIP;
const postMet = postExtra <= TARGET_POST_EXTRA_JS_GZIP;
console.log(`\n/pt JS gzip ${fmt(ptJsGzip).trim()} — target ≤ 150 KB: ${ptMet ? 'met' : 'NOT met'}`);
console.log(`/pt/:slug JS gzip beyond /pt ${fmt(postExtra).trim()} — target ≤ 20 KB: ${postMet ? 'met' : 'NOT met'}`);
if (!keep) rmSync(outDir, { recursive: true, force: true });
process.exitCode = ptMet && postMet ? 0 : 1;
