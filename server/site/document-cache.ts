/**
 * Everything the site renders (pages, feeds, sitemap, link-preview cards) is
 * kept, compressed, under its key and the content version it was made from
 * (private.site_content_version, moved by every write to the posts or the
 * settings, whoever makes it). A request whose version matches gets the kept
 * bytes; any write makes the very next request render afresh. Readers who ask
 * for the same missing document at once share one render.
 */
import { createHash } from 'node:crypto';
import { compressAll, type Compressed } from './encoding.ts';

export interface SiteDocument {
  status: number;
  contentType: string;
  cacheControl: string;
  /** Weak: the same for every encoding of the body. */
  etag: string;
  body: Compressed | { identity: Buffer };
  /** False when made from incomplete data (a failed read): served once, never kept. */
  keep: boolean;
}

export interface DocumentSource {
  status: number;
  contentType: string;
  cacheControl: string;
  body: string | Uint8Array;
  /** Text compresses; a PNG does not. */
  compress: boolean;
  keep: boolean;
}

export function makeDocument(source: DocumentSource): SiteDocument {
  const identity = Buffer.from(source.body);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`;
  return {
    status: source.status,
    contentType: source.contentType,
    cacheControl: source.cacheControl,
    etag,
    body: source.compress ? compressAll(identity) : { identity },
    keep: source.keep,
  };
}

export class DocumentCache {
  private readonly entries = new Map<string, { version: string; doc: SiteDocument }>();
  private readonly inflight = new Map<string, Promise<SiteDocument>>();

  /** A few hundred pages: the site's homes and posts fit; a flood of made-up addresses only evicts. */
  constructor(private readonly maxEntries = 500) {}

  /**
   * The document under `key` made at `version`, or a new one from `make`.
   * `version` undefined means no caching (no version table, or `npm run dev`).
   */
  async get(key: string, version: string | undefined, make: () => Promise<SiteDocument>): Promise<SiteDocument> {
    if (version === undefined) return make();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Least recently used goes first: re-insert at the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.doc;
    }
    const flight = `${version}\u0000${key}`;
    const pending = this.inflight.get(flight);
    if (pending) return pending;
    const made = make().finally(() => this.inflight.delete(flight));
    this.inflight.set(flight, made);
    const doc = await made;
    if (doc.keep) {
      this.entries.delete(key);
      this.entries.set(key, { version, doc });
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return doc;
  }

  clear(): void {
    this.entries.clear();
  }
}
