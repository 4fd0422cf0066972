/**
 * The built SPA's files (dist/) on the backend's origin, as they are: a long
 * cache for content-hashed /assets/*, and the brotli or gzip copy the build
 * made beside a file when the client accepts it. Pages are not files: the
 * site routes (server/site/) answer every other path.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { preferredEncoding } from '../site/encoding.ts';
import { forgetStat, recentStat } from './recent-stats.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
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

const isFile = async (file: string) => (await recentStat(file))?.isFile() ?? false;

/**
 * The file of `urlPath` inside `root`, or undefined. Never a path outside the
 * folder, never index.html (the page template), never a dot file or folder
 * (the build's manifest and server bundle live in dist/.vite, dist/.ssr).
 */
async function fileFor(root: string, urlPath: string): Promise<string | undefined> {
  if (urlPath.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + urlPath));
  const inside = file.startsWith(root + path.sep);
  if (!inside || path.basename(file) === 'index.html') return undefined;
  return (await isFile(file)) ? file : undefined;
}

/** A GET/HEAD for a built file: its answer, or undefined when the path is not a file. */
export async function serveStaticFile(c: Context, spaDir: string, urlPath: string): Promise<Response | undefined> {
  const root = path.resolve(spaDir);
  const file = await fileFor(root, urlPath);
  if (!file) return undefined;
  const encoding = preferredEncoding(c);
  const encoded = encoding && (await isFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`)) ? encoding : undefined;
  const sent = encoded ? `${file}.${encoded === 'br' ? 'br' : 'gz'}` : file;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    // Vite puts a content hash in every /assets/ name: safe to cache for a year.
    'Cache-Control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (encoded) headers['Content-Encoding'] = encoded;
  if (c.req.method === 'HEAD') return new Response(null, { headers });
  try {
    return new Response(await readFile(sent), { headers });
  } catch (e) {
    // Removed since its look was kept (a rebuild): not a file any more.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    forgetStat(file);
    forgetStat(sent);
    return undefined;
  }
}
