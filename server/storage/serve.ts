/**
 * An object's bytes as hosted Storage answers a download or a public GET:
 * the stored Content-Type and Cache-Control, ETag and Last-Modified (with
 * 304 for a matching If-None-Match), Accept-Ranges and single byte ranges
 * (206, or 416 outside the file), `?download` as an attachment. Served
 * bytes never run as a page: nosniff and a sandboxing CSP.
 */
import type { FileStore } from './file-store.ts';
import { objectNotFound } from './errors.ts';
import type { ObjectRow } from './objects.ts';

const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; undefined for anything else (then the whole file is sent, as HTTP allows). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function attachment(name: string, download: string | null): Record<string, string> {
  if (download === null) return {};
  const filename = download || name.split('/').at(-1) || 'download';
  return { 'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(filename)}` };
}

export async function objectResponse(request: Request, object: ObjectRow, files: FileStore, method: 'GET' | 'HEAD'): Promise<Response> {
  const meta = object.metadata;
  if (!object.version || !meta) throw objectNotFound();
  const size = meta.size;
  const headers: Record<string, string> = {
    ...SAFE_HEADERS,
    'Content-Type': meta.mimetype,
    'Cache-Control': meta.cacheControl,
    ETag: meta.eTag,
    'Last-Modified': new Date(meta.lastModified).toUTCString(),
    'Accept-Ranges': 'bytes',
    ...attachment(object.name, new URL(request.url).searchParams.get('download')),
  };
  const tags = request.headers.get('if-none-match');
  if (tags && tags.split(',').some((t) => t.trim().replace(/^W\//, '') === meta.eTag)) {
    return new Response(null, { status: 304, headers });
  }
  const range = parseRange(request.headers.get('range') ?? undefined, size);
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  if (method === 'HEAD') return new Response(null, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
  const bytes = await files.read(object.version, range);
  if (!bytes) throw objectNotFound();
  const body = new Uint8Array(bytes);
  if (range) {
    return new Response(body, {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': String(body.length) },
    });
  }
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(body.length) } });
}
