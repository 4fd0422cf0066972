/**
 * Compresses what leaves the server uncompressed (API JSON, auth answers,
 * small files): brotli when the client takes it, else gzip, with
 * `Vary: Accept-Encoding`. Pages and built files come compressed already and
 * pass through untouched. Bodies here are in memory and mostly a few KB, for
 * which zlib's one-shot call costs a fraction of a compression stream (issue
 * 11 measured the stream at a quarter of a read's time); large ones go to
 * zlib's thread pool so the event loop never waits for them.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { preferredEncoding } from './site/encoding.ts';

/** Below this, compression saves less than it costs (as hono/compress). */
const THRESHOLD = 1024;
/** Above this, compress off the event loop. */
const SYNC_LIMIT = 64 * 1024;

const brotliOptions = (size: number) => ({
  // Quality 4: about gzip's size at a fraction of its time; 11 is for files built once.
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function encode(body: Uint8Array, encoding: 'br' | 'gzip'): Promise<Uint8Array> {
  if (body.length <= SYNC_LIMIT) return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.length)) : gzipSync(body);
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body);
}

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? '')) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || [204, 206, 304].includes(res.status)) return;
    if (res.headers.has('Content-Encoding') || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    const headers = new Headers(res.headers);
    addVary(headers);
    const encoding = preferredEncoding(c);
    const body = new Uint8Array(await res.arrayBuffer());
    // Hono merges the old answer's headers into a new one (Content-Length and
    // a strong ETag would come back): drop the old answer first.
    c.res = undefined;
    if (!encoding || body.length < THRESHOLD) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = new Response(new Uint8Array(await encode(body, encoding)), { status: res.status, statusText: res.statusText, headers });
  };
}
