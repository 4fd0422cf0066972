/**
 * npm run size: builds the SPA and prints, for each public page (/pt, /en, a
 * post), the JavaScript it loads before the reader interacts (issue 28: only
 * the inline starter src/app/boot.js; the app waits for her first sign, decision 240) and, for
 * /pt, /pt/:slug (a post) and /admin, the JS and CSS files the app loads when
 * it starts (the entry and React DOM's renderer with their static imports, plus the lazy route chunks
 * that route needs), raw and gzip, with a total per route. Targets: before
 * interaction at most what /pt loaded before issue 28 (149.3 KB gzip); ≤ 150 KB
 * gzip JS for /pt once the app starts (issue 3); what a post (/pt/:slug) loads
 * beyond /pt ≤ 20 KB gzip (issue 12: the Markdown renderer, which a
 * server-rendered post no longer loads at all).
 *
 * It builds into a temporary directory, not dist/, so a server running from
 * dist/ is not disturbed. `--out-dir DIR` builds there instead.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { RENDERER_MODULE } from './boot-script.ts';

const KB = 1024;
const TARGET_PT_JS_GZIP = 150 * KB;
const TARGET_POST_EXTRA_JS_GZIP = 20 * KB;
/** What /pt loaded before its reader could do anything, before issue 28 (its closing note). */
const BEFORE_ISSUE_28_JS_GZIP = 149.3 * KB;
/** Public pages: the only script they run before the reader interacts is index.html's own (the inline starter). */
const PUBLIC_PAGES = ['/pt', '/en', '/pt/:slug'];

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
  // React DOM's renderer is a stage of the entry's own (src/app/main.tsx), fetched with it.
  [entryKey, RENDERER_MODULE, ...lazy].forEach((key) => collect(key, files));
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

// Before interaction: the scripts index.html itself carries or names (the inline starter); the app's files are only its data- attributes.
const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
const named = [...indexHtml.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]!);
const inline = [...indexHtml.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((code) => code.trim());
const preloads = [...indexHtml.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)];
if (preloads.length) throw new Error('index.html preloads modules: the app is no longer deferred to the first interaction.');
const beforeGzip =
  named.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0) +
  inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
const what = [...named, ...inline.map((code) => `inline starter (${(code.length / KB).toFixed(1)} KB raw)`)].join(', ');
console.log('\nBefore the reader interacts (each public page: the same HTML template):');
for (const page of PUBLIC_PAGES) console.log(`  ${page.padEnd(10)} ${what} ${fmt(beforeGzip)} gzip JS`);
const beforeMet = beforeGzip <= BEFORE_ISSUE_28_JS_GZIP;

const ptJsGzip = jsGzip['/pt']!;
const postExtra = jsGzip['/pt/:slug']! - ptJsGzip;
const ptMet = ptJsGzip <= TARGET_PT_JS_GZIP;
const postMet = postExtra <= TARGET_POST_EXTRA_JS_GZIP;
console.log(
  `\nBefore interaction, per public page: ${fmt(beforeGzip).trim()} gzip JS — target ≤ ${(BEFORE_ISSUE_28_JS_GZIP / KB).toFixed(1)} KB (what /pt loaded before issue 28): ${beforeMet ? 'met' : 'NOT met'}`,
);
console.log(`/pt JS gzip once the app starts ${fmt(ptJsGzip).trim()} (${ptJsGzip} bytes) — target ≤ 150 KB: ${ptMet ? 'met' : 'NOT met'}`);
console.log(`/pt/:slug JS gzip beyond /pt ${fmt(postExtra).trim()} — target ≤ 20 KB: ${postMet ? 'met' : 'NOT met'}`);
if (!keep) rmSync(outDir, { recursive: true, force: true });
process.exitCode = beforeMet && ptMet && postMet ? 0 : 1;
