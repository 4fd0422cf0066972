import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { bootScript, RENDERER_MODULE } from './scripts/boot-script.ts';

/**
 * Every file the app's start evaluates, for the starter to fetch at once: the
 * entry's static imports and React DOM's renderer (src/app/main.tsx loads it
 * as a stage of its own) with its own, but not what loads later (the routes).
 */
function startFiles(bundle: Rollup.OutputBundle | undefined, entry: Rollup.OutputChunk | undefined): string[] {
  if (!bundle || !entry) throw new Error('index.html: the build did not pass its bundle; update startAfterFirstPaint in vite.config.ts.');
  const renderer = Object.values(bundle).find(
    (chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk' && !!chunk.facadeModuleId?.endsWith(`/${RENDERER_MODULE}`),
  );
  if (!renderer) throw new Error(`The build has no chunk for ${RENDERER_MODULE}: update RENDERER_MODULE (scripts/boot-script.ts) with src/app/main.tsx.`);
  const files = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    chunk.imports.forEach(add);
  };
  entry.imports.forEach(add);
  add(renderer.fileName);
  files.delete(entry.fileName);
  return [...files].map((fileName) => `/${fileName}`);
}

/**
 * The built page loads its app through its starter, src/app/boot.js, written
 * inline at the end of <body>, instead of a module script and preloads in
 * <head>: the page is complete HTML (server-rendered), so its CSS and text
 * come first (decision 070), and a home or a post fetches the app only when
 * a reader is there (decision 240). Inline: a request for the starter before
 * the first paint delayed the largest paint; the CSP names it by its hash
 * (scripts/boot-script.ts).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'journalist-site:start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('index.html: the built entry script was not found; update startAfterFirstPaint in vite.config.ts.');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const preload of preloads) out = out.replace(preload[0], '');
        const boot = `<script data-app="${entry[1]}" data-preload="${startFiles(bundle, chunk).join(' ')}">${bootScript}</script>`;
        return out.replace('</body>', `  ${boot}\n  </body>`);
      },
    },
  };
}

/**
 * Workers have no DOM, but Vite bundles them with the page's `browser`
 * conditions (vitejs/vite#7439): the archive's reading worker takes
 * decode-named-character-reference's plain entry, as the package's own
 * `worker` condition names it, where the page keeps the small DOM one.
 */
function workerWithoutDom(): Plugin {
  const plain = fileURLToPath(new URL('./node_modules/decode-named-character-reference/index.js', import.meta.url));
  return { name: 'journalist-site:worker-without-dom', enforce: 'pre', resolveId: (id) => (id === 'decode-named-character-reference' ? plain : null) };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    startAfterFirstPaint(),
    // Brotli and gzip copies of the browser's files beside them (the local
    // backend serves them by Accept-Encoding); the server bundle needs none.
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: /\.html$/, logLevel: 'silent' }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  worker: { plugins: () => [workerWithoutDom()] },
  // manifest: lets scripts/size.ts (npm run size) list the files each route loads.
  // No source maps in what `npm start` and static hosts serve (npm run dev has its own).
  build: { outDir: 'dist', sourcemap: false, manifest: true },
}));
