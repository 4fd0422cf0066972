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
import { preferredEncoding, type Encoding } from './site/encoding.ts';

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
 * The compressed bytes of the last text answered at each address, by
 * encoding. The popular reads answer the same text again and again (the
 * settings, the listing's first page, a post that went viral), and
 * compressing it was a sixth of such a read's time on PostgreSQL (issue 11,
 * decision 140); the text itself is still read from the database every time,
 * and its bytes are reused only when it is equal to the text they were made
 * from (a compare, cheaper than hashing the text as a key). Texts up to
 * MEMO_CHARS, MEMO_BYTES in all, emptied when full.
 */
const MEMO_CHARS = 64 * 1024;
const MEMO_BYTES = 8 * 1024 * 1024;
interface Remembered {
  text: string;
  bytes: Uint8Array;
}
const memo = { br: new Map<string, Remembered>(), gzip: new Map<string, Remembered>(), bytes: 0 };
/** What an entry holds, counted generously (a text may take two bytes a character). */
const weight = (entry: Remembered) => 2 * entry.text.length + entry.bytes.length;

const compressSync = (body: Body, size: number, encoding: Encoding): Uint8Array =>
  encoding === 'br' ? brotliCompressSync(body, brotliOptions(size, 1)) : gzipSync(body);

async function compress(body: Body, encoding: Encoding): Promise<Uint8Array> {
  const size = byteLength(body);
  if (size <= SYNC_LIMIT) return compressSync(body, size, encoding);
  return encoding === 'br' ? brotliAsync(body, brotliOptions(size, 4)) : gzipAsync(body);
}

/** `body` compressed; the bytes made last time for `slot` when it is the same text. */
async function encode(body: Body, encoding: Encoding, slot: string | undefined): Promise<Uint8Array> {
  if (slot === undefined || typeof body !== 'string' || body.length > MEMO_CHARS) return compress(body, encoding);
  const entries = memo[encoding];
  const known = entries.get(slot);
  if (known?.text === body) return known.bytes;
  const entry = { text: body, bytes: await compress(body, encoding) };
  // Read again: another request may have filled the slot while this one compressed.
  const replaced = entries.get(slot);
  if (replaced) memo.bytes -= weight(replaced);
  if (memo.bytes + weight(entry) > MEMO_BYTES) {
    memo.br.clear();
    memo.gzip.clear();
    memo.bytes = 0;
  }
  entries.set(slot, entry);
  memo.bytes += weight(entry);
  return entry.bytes;
}

/** Whether `body` is THRESHOLD bytes or more, without encoding a long text to count (a UTF-16 unit is 1 to 3 UTF-8 bytes). */
const worthCompressing = (body: Body) =>
  typeof body === 'string' ? body.length >= THRESHOLD || (body.length * 3 >= THRESHOLD && Buffer.byteLength(body) >= THRESHOLD) : body.length >= THRESHOLD;

const mentionsAcceptEncoding = (vary: string | null | undefined) => vary === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? '');

type HeaderRecord = Record<string, string>;

/**
 * `headers` for this answer: `Vary` names Accept-Encoding; when `encoding` is
 * set, Content-Encoding is, Content-Length goes and a strong ETag becomes
 * weak, as the bytes differ. One pass, names compared without case.
 */
function negotiate(headers: HeaderRecord, encoding: Encoding | undefined): void {
  let vary: string | undefined;
  for (const key of Object.keys(headers)) {
    const lower = key.toLowerCase();
    if (lower === 'vary') vary = key;
    else if (encoding && lower === 'content-length') delete headers[key];
    else if (encoding && lower === 'etag' && !headers[key]!.startsWith('W/')) headers[key] = `W/${headers[key]}`;
  }
  if (vary === undefined) headers.Vary = 'Accept-Encoding';
  else if (!mentionsAcceptEncoding(headers[vary])) headers[vary] = `${headers[vary]}, Accept-Encoding`;
  if (encoding) headers['Content-Encoding'] = encoding;
}

/**
 * Answers made here: negotiated, with their CORS headers when the request is
 * an API's, so the middlewares pass them on as they are. Their headers stay
 * a plain record, which @hono/node-server writes out as it is; asking such an
 * answer for its `headers` would make a fetch Headers object of them and
 * back (a tenth of a small read's time on the event loop, issue 11).
 */
const finished = new WeakSet<Response>();

/** Whether `res` was made here (and nothing is left to add to it). */
export const isFinished = (res: Response): boolean => finished.has(res);

declare module 'hono' {
  interface ContextVariableMap {
    /** The CORS headers of an API's answers, set by cors.ts for encodedResponse to include. */
    corsHeaders: Readonly<HeaderRecord>;
  }
}

async function negotiated(c: Context, body: Body | null, status: number, headers: HeaderRecord): Promise<Response> {
  const encoding = body !== null && worthCompressing(body) ? preferredEncoding(c) : undefined;
  negotiate(headers, encoding);
  const sent = encoding ? await encode(body!, encoding, c.req.method === 'GET' ? c.req.url : undefined) : body;
  // Bytes from zlib or the memo, sent as they are (a copy only to please the DOM typing would cost a copy per answer).
  const res = new Response(sent as string | Uint8Array<ArrayBuffer> | null, { status, headers });
  finished.add(res);
  return res;
}

/**
 * The response for a body in hand, compressed for this client when worth it,
 * with `Vary` and the API's CORS headers. Handlers that hold their body (the
 * REST API) answer with it directly: the middleware would have to read it
 * back out of a Response first.
 */
export function encodedResponse(c: Context, body: Body | null, init: { status: number; headers: HeaderRecord }): Promise<Response> {
  // c.get, not c.var: hono makes c.var a new object of all the variables on each read.
  return negotiated(c, body, init.status, { ...c.get('corsHeaders'), ...init.headers });
}

/** Compresses what the handlers left uncompressed (auth answers, small files). */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (isFinished(res)) return;
    // Headers and status first: asking for the body turns @hono/node-server's
    // lightweight answer into a full fetch Response with a stream.
    if (c.req.method === 'HEAD' || [204, 206, 304].includes(res.status)) return;
    // Encoded already, or negotiated already (Vary names Accept-Encoding): as it is.
    if (res.headers.has('Content-Encoding') || mentionsAcceptEncoding(res.headers.get('Vary'))) return;
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
    // A record cannot hold several Set-Cookie lines (no answer here sets cookies).
    if (res.headers.has('Set-Cookie')) return;
    if (!res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    // Hono merges the old answer's headers into a new one (Content-Length and
    // a strong ETag would come back): drop the old answer first.
    c.res = undefined;
    c.res = await negotiated(c, body, res.status, Object.fromEntries(res.headers));
  };
}
