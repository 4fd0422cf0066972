/**
 * Where the site's server renderer and page template come from:
 * - built (npm start, self-hosting): dist/.ssr/entry-server.js and dist/index.html, from one build;
 * - under `npm run dev`: Vite's live modules and transformed index.html (scripts/dev.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteRenderer, SiteRendererOptions } from '../../src/app/ssr/site-renderer.ts';

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
      const { mtimeMs } = await stat(entry);
      if (!module || module.mtimeMs !== mtimeMs) {
        module = { mtimeMs, loaded: import(`${pathToFileURL(entry).href}?build=${mtimeMs}`) as Promise<RendererModule> };
      }
      return module.loaded;
    },
    async template() {
      const { mtimeMs } = await stat(index);
      if (!template || template.mtimeMs !== mtimeMs) template = { mtimeMs, html: await readFile(index, 'utf8') };
      return template.html;
    },
  };
}
