/**
 * The built SPA (dist/) on the backend's origin: files as they are, with a
 * long cache for content-hashed /assets/*, and index.html — with the anon key
 * written into its meta tag, never the service_role key — for every path
 * that is not a file (history fallback for client-side routes).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { SECURITY_HEADERS } from './security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** API prefixes never fall back to the SPA: a wrong API URL must be a 404, not HTML. */
const API_PREFIXES = ['/rest/', '/auth/', '/storage/', '/realtime/', '/functions/'];

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function injectAnonKey(html: string, anonKey: string): string {
  return html.replace(
    /<meta\s+name="supabase-anon-key"\s+content="[^"]*"\s*\/?>/,
    `<meta name="supabase-anon-key" content="${escapeAttr(anonKey)}" />`,
  );
}

async function fileIfExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export function createStaticRoutes(spaDir: string, anonKey: string): Hono {
  const root = path.resolve(spaDir);
  const app = new Hono();
  let index: { mtimeMs: number; html: string } | undefined;

  // Re-read after a rebuild (mtime changes) without a restart.
  async function indexHtml(): Promise<string> {
    const file = path.join(root, 'index.html');
    const { mtimeMs } = await stat(file);
    if (!index || index.mtimeMs !== mtimeMs) index = { mtimeMs, html: injectAnonKey(await readFile(file, 'utf8'), anonKey) };
    return index.html;
  }

  async function serveIndex(method: string): Promise<Response> {
    const html = await indexHtml();
    return new Response(method === 'HEAD' ? null : html, {
      headers: { ...SECURITY_HEADERS, 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' },
    });
  }

  app.on(['GET', 'HEAD'], '*', async (c) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return new Response('Bad request', { status: 400, headers: { 'Content-Type': TYPES['.txt']! } });
    }
    if (API_PREFIXES.some((p) => urlPath.startsWith(p))) return c.notFound();
    const file = path.resolve(root, '.' + path.posix.normalize('/' + urlPath));
    // Never outside dist/, whatever the URL holds.
    const inside = file === root || file.startsWith(root + path.sep);
    if (inside && path.basename(file) !== 'index.html' && (await fileIfExists(file))) {
      const isAsset = urlPath.startsWith('/assets/');
      const body = c.req.method === 'HEAD' ? null : await readFile(file);
      return new Response(body, {
        headers: {
          ...SECURITY_HEADERS,
          'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
          // Vite puts a content hash in every /assets/ name: safe to cache for a year.
          'Cache-Control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      });
    }
    // A missing file (it has an extension, or lives under /assets/) is a real 404.
    if (urlPath.startsWith('/assets/') || path.extname(urlPath) !== '') {
      return new Response('Not found', { status: 404, headers: { ...SECURITY_HEADERS, 'Content-Type': TYPES['.txt']! } });
    }
    return serveIndex(c.req.method);
  });
  return app;
}
