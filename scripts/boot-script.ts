/**
 * The public pages' starter (src/app/boot.js), which the build writes inline
 * at the end of each page (vite.config.ts): a request for it before the first
 * paint delayed the page's largest paint by about half a second on a slow
 * phone (Lighthouse, decision 240). Inline scripts are otherwise refused by
 * the pages' Content-Security-Policy, which names this one by its hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

const source = readFileSync(new URL('../src/app/boot.js', import.meta.url), 'utf8');

/**
 * The starter as every page carries it: minified, since its comments are for
 * whoever reads the source (7.4 KB raw and 2.8 KB gzip as written, 2.6 and 1.1
 * minified). The build inlines this text and the server hashes the same, so
 * the two cannot differ. ES5 in, ES5 out: it must run wherever the page's
 * links and forms work without the app.
 */
export const bootScript = transformSync(source, { minify: true, legalComments: 'none', target: 'es5' }).code.trim();

if (/<\/script|<!--/i.test(bootScript)) throw new Error('src/app/boot.js must not contain "</script" or "<!--": it is written inline.');

/** The CSP source that allows exactly this script: 'sha256-…'. */
export const bootScriptSource = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;

/**
 * The one module the app's entry loads as a stage of its own, after its own
 * graph (src/app/main.tsx: React DOM's renderer, evaluated in a task of its
 * own). The starter fetches it with the entry (vite.config.ts), and
 * `npm run size` counts it in what the app loads at start.
 */
export const RENDERER_MODULE = 'node_modules/react-dom/client.js';
