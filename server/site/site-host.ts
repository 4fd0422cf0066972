/**
 * Where the site's server renderer and page template come from:
 * - built (npm start, self-hosting): dist/.ssr/entry-server.js and dist/index.html, from one build;
 * - under `npm run dev`: Vite's live modules and transformed index.html (scripts/dev.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SiteRenderer, SiteRendererOptions } from '../../src/app/ssr/site-renderer.ts';
import { recentStat } from '../static/recent-stats.ts';

export interface RendererModule {
  createSiteRenderer(options: SiteRendererOptions): SiteRenderer;
}

export interface SiteHost {
  /** The built SPA's files (served as they are); undefined under `npm run dev` (Vite serves them). */
  staticDir: string | undefined;
  /** The renderer; a host whose sources change (dev) gives a fresh module when they do. */
  renderer(): Promise<RendererModule>;
  /** index.html as the browser must get it for `url`. */
  template(url: string): Promise<string>;
  /** Whether rendered documents may be kept between requests (not while the sources change under dev). */
  cacheable: boolean;
  /** The pages' Content-Security-Policy, when not the default one (dev allows Vite's inline preamble). */
  contentSecurityPolicy?: string;
}

export class SiteBuildError extends Error {}

const untransformed = new Set<string>();
let hooked = false;

/**
 * Imports a built bundle as Node reads it, past any loader hook registered
 * before (tsx's, under `npm start` and `npm run bench`). tsx rewrote the
 * 5 MB renderer with a source map of its own: 2.5-3.2 s to import and 65 MB
 * more heap, which every full GC of the server then marked (a 0.7 s pause
 * under a flood of view beacons, issue 42). The bundle is plain JavaScript
 * with only node: imports, so nothing needs its transform.
 */
function importUntransformed(file: string, query: string): Promise<unknown> {
  const href = pathToFileURL(file).href;
  untransformed.add(href);
  if (!hooked) {
    hooked = true;
    // In-thread hooks run before the ones `module.register` put on the loader thread.
    registerHooks({
      load(url, context, nextLoad) {
        const bare = url.split('?')[0]!;
        if (!untransformed.has(bare)) return nextLoad(url, context);
        return { format: 'module', source: readFileSync(fileURLToPath(bare), 'utf8'), shortCircuit: true };
      },
    });
  }
  return import(`${href}?${query}`);
}

/** A file's modification time, as recently seen (recent-stats.ts); a missing file is an error. */
async function mtimeOf(file: string): Promise<number> {
  const stats = await recentStat(file);
  if (!stats) throw new SiteBuildError(`${file} is missing: build the site with \`npm run build\`.`);
  return stats.mtimeMs;
}

/** The host of a build (scripts/build.ts): the renderer and the template of the same build. */
export function builtSiteHost(distDir: string): SiteHost {
  const entry = path.join(distDir, '.ssr', 'entry-server.js');
  const index = path.join(distDir, 'index.html');
  for (const file of [index, entry]) {
    if (!existsSync(file)) {
      throw new SiteBuildError(`${file} is missing: build the site with \`npm run build\` (npm start does it when needed).`);
    }
  }
  // Both are taken again after a rebuild (npm run build while the server runs),
  // so the markup and the scripts that hydrate it always come from one build.
  let module: { mtimeMs: number; loaded: Promise<RendererModule> } | undefined;
  let template: { mtimeMs: number; html: string } | undefined;
  return {
    staticDir: distDir,
    cacheable: true,
    async renderer() {
      const mtimeMs = await mtimeOf(entry);
      if (!module || module.mtimeMs !== mtimeMs) {
        module = { mtimeMs, loaded: importUntransformed(entry, `build=${mtimeMs}`) as Promise<RendererModule> };
      }
      return module.loaded;
    },
    async template() {
      const mtimeMs = await mtimeOf(index);
      if (!template || template.mtimeMs !== mtimeMs) template = { mtimeMs, html: await readFile(index, 'utf8') };
      return template.html;
    },
  };
}
