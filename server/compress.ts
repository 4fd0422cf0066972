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
import type { Context, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { preferredEncoding } from './site/encoding.ts';

/** Below this, compression saves less than it costs (as hono/compress). */
const THRESHOLD = 1024;
/** Above this, compress off the event loop. */
const SYNC_LIMIT = 64 * 1024;

/**
 * Brotli for a body of `size` bytes. A window fitted to the body spares the
 * encoder its 4 MB default tables, most of a small body's cost. Quality 1 on
 * the event loop: a tenth of quality 4's time for a few-KB JSON, within 1 %
 * of gzip -6's size (issue 11's measures); quality 4 for large bodies, on
 * zlib's threads, where the bytes saved matter more.
 */
const brotliOptions = (size: number, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1)))),
  },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Body = string | Uint8Array;

const byteLength = (body: Body) => (typeof body === 'string' ? Buffer.byteLength(body) : body.length);

/**
 * The compressed bytes of recent small text bodies, by encoding and text.
 * The popular reads answer the same text again and again (the settings, the
 * listing's first page, a post that went viral), and compressing it was a
 * sixth of such a read's time on PostgreSQL (issue 11, decision 140); the
 * text itself is still read from the database every time. Up to 16 K
 * characters, which V8 hashes whole (a longer string's hash is its length
 * only, and same-length bodies would be compared one by one), and
 * MEMO_BYTES in all, emptied when full.
 */
const MEMO_CHARS = 16 * 1024;
const MEMO_BYTES = 8 * 1024 * 1024;
const memo = { br: new Map<string, Uint8Array>(), gzip: new Map<string, Uint8Array>(), bytes: 0 };

function compressSmall(body: Body, size: number, encoding: 'br' | 'gzip'): Uint8Array {
  const compress = () => (encoding === 'br' ? brotliCompressSync(body, brotliOptions(size, 1)) : gzipSync(body));
  if (typeof body !== 'string' || body.length > MEMO_CHARS) return compress();
  const known = memo[encoding].get(body);
  if (known) return known;
  const bytes = compress();
  if (memo.bytes + size + bytes.length > MEMO_BYTES) {
    memo.br.clear();
    memo.gzip.clear();
    memo.bytes = 0;
  }
  memo[encoding].set(body, bytes);
  memo.bytes += size + bytes.length;
  return bytes;
}

async function encode(body: Body, encoding: 'br' | 'gzip'): Promise<Uint8Array> {
  const size = byteLength(body);
  if (size <= SYNC_LIMIT) return compressSmall(body, size, encoding);
  return encoding === 'br' ? brotliAsync(body, brotliOptions(size, 4)) : gzipAsync(body);
}

const mentionsAcceptEncoding = (vary: string | null) => vary === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? '');

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (mentionsAcceptEncoding(vary)) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * The response for a body in hand, compressed for this client when worth it,
 * with `Vary`; a strong ETag becomes weak, as the bytes differ. Handlers that
 * hold their body (the REST API) answer with it directly: the middleware
 * would have to read it back out of a Response first.
 */
export async function encodedResponse(c: Context, body: Body | null, init: { status: number; statusText?: string; headers: Headers | Record<string, string> }): Promise<Response> {
  const headers = new Headers(init.headers);
  addVary(headers);
  const encoding = body === null ? undefined : preferredEncoding(c);
  if (body === null || !encoding || byteLength(body) < THRESHOLD) {
    return new Response(typeof body === 'string' || body === null ? body : new Uint8Array(body), { ...init, headers });
  }
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  return new Response(new Uint8Array(await encode(body, encoding)), { ...init, headers });
}

/** Compresses what the handlers left uncompressed (auth answers, small files). */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // Headers and status first: asking for the body turns @hono/node-server's
    // lightweight answer into a full fetch Response with a stream.
    if (c.req.method === 'HEAD' || [204, 206, 304].includes(res.status)) return;
    // Encoded already, or negotiated already (Vary names Accept-Encoding): as it is.
    if (res.headers.has('Content-Encoding') || mentionsAcceptEncoding(res.headers.get('Vary'))) return;
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    if (!res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    // Hono merges the old answer's headers into a new one (Content-Length and
    // a strong ETag would come back): drop the old answer first.
    c.res = undefined;
    c.res = await encodedResponse(c, body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
