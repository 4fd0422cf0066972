/**
 * The public pages' starter (src/app/boot.js), which the build writes inline
 * at the end of each page (vite.config.ts): a request for it before the first
 * paint delayed the page's largest paint by about half a second on a slow
 * phone (Lighthouse, decision 240). Inline scripts are otherwise refused by
 * the pages' Content-Security-Policy, which names this one by its hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const bootScript = readFileSync(new URL('../src/app/boot.js', import.meta.url), 'utf8');

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
