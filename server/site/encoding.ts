/**
 * Content negotiation for what the server keeps compressed in advance (built
 * assets, cached pages): brotli, else gzip, else none, as the client accepts.
 */
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import { remembered } from '../remembered.ts';
import { requestHeader } from '../request-headers.ts';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';
const PREFERENCE: Encoding[] = ['br', 'gzip'];

/** Choices by Accept-Encoding value: browsers send a handful of them, and every API answer asks. */
const chosenFor = new Map<string, Encoding | undefined>();

/** The best encoding the request's Accept-Encoding allows (ours first among equals: brotli is smaller). */
export function preferredEncoding(c: Context): Encoding | undefined {
  return remembered(chosenFor, 100, requestHeader(c, 'accept-encoding') ?? '', () => negotiate(c));
}

function negotiate(c: Context): Encoding | undefined {
  const chosen = accepts(c, {
    header: 'Accept-Encoding',
    supports: PREFERENCE,
    default: 'identity',
    match: (list) => {
      const allowed = new Set(list.filter((a) => a.q > 0).map((a) => a.type.toLowerCase()));
      return PREFERENCE.find((e) => allowed.has(e)) ?? 'identity';
    },
  });
  return chosen === 'identity' ? undefined : (chosen as Encoding);
}

export interface Compressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** A body in every encoding, made once when it is cached (quality 9: near the best ratio, fast enough for one page). */
export function compressAll(body: string | Uint8Array): Compressed {
  const identity = Buffer.from(body);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}
