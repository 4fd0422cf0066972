/**
 * `npm run build`: the browser's bundle into dist/ (with brotli and gzip
 * copies of its files), then the server renderer of the public pages
 * (src/app/ssr/entry-server.tsx) into dist/.ssr/, from the same sources in
 * the same run, so the HTML the server renders is the HTML the browser
 * hydrates. `--out DIR` builds into DIR instead of dist/.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

export const root = resolve(import.meta.dirname, '..');

/** Where the server bundle of a build lives (a dot folder: the backend never serves it as a file). */
export const ssrDirOf = (outDir: string) => resolve(outDir, '.ssr');
export const ssrEntryOf = (outDir: string) => resolve(ssrDirOf(outDir), 'entry-server.js');

export async function buildSite(outDir = resolve(root, 'dist'), logLevel: 'info' | 'warn' | 'silent' = 'warn'): Promise<void> {
  await build({ root, logLevel, build: { outDir, emptyOutDir: true } });
  await build({
    root,
    logLevel,
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
