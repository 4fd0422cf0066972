/**
 * `npm run dev`: Vite with hot reload, and the local backend, on one origin —
 * public pages rendered on the server from the live sources, as `npm start`
 * renders them from the build.
 *
 * One HTTP server (http://localhost:5173, or `npm run dev -- --port N`):
 * Vite's middlewares answer what is Vite's (modules, HMR, public files);
 * every other request goes to the backend's app in this process — the APIs,
 * and the site, whose renderer and template are Vite's live ones
 * (ssrLoadModule, transformIndexHtml), never kept between requests.
 *
 * DATA_DIR, DATABASE_URL, JWT_SECRET and SITE_URL mean what they mean for
 * `npm start` (the same ./.data by default, so stop `npm start` first: one
 * process per data directory).
 */
import { createServer as createHttpServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'vite';
import { parseApiExternalUrl, parseSiteUrl } from '../server/config.ts';
import { startServer } from '../server/index.ts';
import { parseMailConfig } from '../server/mail/config.ts';
import { parseBackupConfig } from '../server/backup/config.ts';
import { parseOutboundAllowHosts } from '../server/outbound/allow-hosts.ts';
import { requireSupportedNode } from '../server/runtime.ts';
import type { RendererModule, SiteHost } from '../server/site/site-host.ts';
import { contentSecurityPolicy } from '../server/static/security-headers.ts';

const root = resolve(import.meta.dirname, '..');

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main() {
  const port = Number(argValue('--port') ?? 5173);
  const httpServer = createHttpServer();
  const vite = await createServer({
    root,
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });

  const site: SiteHost = {
    staticDir: undefined,
    cacheable: false,
    renderer: () => vite.ssrLoadModule('/src/app/ssr/entry-server.tsx') as Promise<RendererModule>,
    template: async (url) => vite.transformIndexHtml(new URL(url).pathname, await readFile(resolve(root, 'index.html'), 'utf8')),
    // Vite's React refresh preamble is an inline script.
    contentSecurityPolicy: contentSecurityPolicy(undefined, { inlineScripts: true }),
  };
  // OUTBOUND_ALLOW_HOSTS: the clips' fetches and the fediverse's (actors, deliveries) alike.
  const allowHosts = parseOutboundAllowHosts(process.env.OUTBOUND_ALLOW_HOSTS);
  const backend = await startServer({
    port: 0,
    dataDir: resolve(root, process.env.DATA_DIR || '.data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    jwtSecret: process.env.JWT_SECRET || undefined,
    siteUrl: parseSiteUrl(process.env.SITE_URL),
    // Mail links must reach this origin (the browser's), not the private port.
    apiExternalUrl: parseApiExternalUrl(process.env.API_EXTERNAL_URL) ?? `http://localhost:${port}`,
    site,
    mail: parseMailConfig(process.env),
    backup: parseBackupConfig(process.env, resolve(root, process.env.DATA_DIR || '.data')),
    clips: { allowHosts },
    fediverse: { allowHosts },
  });
  const toBackend = getRequestListener(backend.app.fetch);
  httpServer.on('request', (req, res) => vite.middlewares(req, res, () => void toBackend(req, res)));
  await new Promise<void>((ok, fail) => {
    httpServer.once('error', fail);
    httpServer.listen(port, 'localhost', ok);
  });

  const close = async () => {
    httpServer.closeAllConnections();
    httpServer.close();
    await vite.close();
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());

  const url = `http://localhost:${port}`;
  console.log(`
Dev server (hot reload) at ${url}
  Portuguese home   ${url}/pt
  English home      ${url}/en
  Sign in           ${url}/auth   (admin panel: ${url}/admin)
Public pages are rendered on the server from the sources, as npm start renders them from the build.
To make an admin: npm run create-admin -- --email you@example.com --password 'a-strong-password'`);
}

requireSupportedNode();
main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
