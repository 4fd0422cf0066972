/**
 * Everything the site renders (pages, feeds, sitemap, link-preview cards) is
 * kept, compressed, under its key and the content version it was made from
 * (private.site_content_version, moved by every write to the posts or the
 * settings, whoever makes it). A request whose version matches gets the kept
 * bytes; any write makes the next request render afresh.
 *
 * Renders take turns at the database with the API's requests
 * (render-turns.ts). When the database is busy with someone else's work, a
 * page already made is not held back behind it (issue 22, finding 6). The
 * rule (decision 080):
 * - a request whose version is current gets the kept copy at once;
 * - otherwise it waits for a fresh render, except that when the render has
 *   not begun its turn at the database STALE_AFTER_MS after the request
 *   asked for it, the last good copy (of an older version) is served
 *   instead, and the render goes on; once it has begun its turn the request
 *   waits for it, however long the render itself takes;
 * - on PGlite, where the content version is read in the turn too, "has not
 *   begun its turn" covers that read; on PostgreSQL the version is read
 *   first, on a connection the API does not use;
 * - a render that fails leaves the kept copy for the next request to try
 *   again from; whoever waited for the render gets its failure, never the
 *   older copy.
 * So an older copy is only ever served while a render that began after the
 * change is under way and waiting for the database; when the database is not
 * busy the next answer after a write is the new page.
 *
 * Readers who ask for the same document at once share one render: one that
 * is in its turn reading the version they know is current, or one of their
 * own address still waiting for its turn (another address's would make them
 * wait for that address's turn).
 */
import { createHash } from 'node:crypto';
import { compressAll, type Compressed } from './encoding.ts';

/** How long a request for a page that has a kept copy waits for the database before it gets that copy. */
export const STALE_AFTER_MS = 250;

export interface SiteDocument {
  status: number;
  contentType: string;
  cacheControl: string;
  /** Weak: the same for every encoding of the body. */
  etag: string;
  body: Compressed | { identity: Buffer };
  /** False when made from incomplete data (a failed read): served once, never kept. */
  keep: boolean;
  /** A page that has moved: the same-site path it moved to (issue 23). */
  location?: string;
}

export interface DocumentSource {
  status: number;
  contentType: string;
  cacheControl: string;
  body: string | Uint8Array;
  /** Text compresses; a PNG does not. */
  compress: boolean;
  keep: boolean;
  location?: string;
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
    ...(source.location !== undefined ? { location: source.location } : {}),
  };
}

/** What the cache needs of the database. */
export interface Freshness {
  /**
   * The content version as known without a turn at the database: null when
   * it must be read in the turn (PGlite after a write), undefined when
   * nothing may be kept (no version table; sources that change under dev).
   */
  versionOutsideTurn(): Promise<string | null | undefined>;
  /** The content version, read in a turn. */
  versionInTurn(): Promise<string | undefined>;
  /** `work` in `client`'s turn at the database. */
  inTurn<T>(client: string, work: () => Promise<T>): Promise<T>;
}

export interface DocumentCacheOptions {
  /** A few hundred pages: the site's homes and posts fit; a flood of made-up addresses only evicts. */
  maxEntries?: number;
  staleAfterMs?: number;
  /** A render failed after everyone waiting for it had the kept copy. */
  onLateError?: (key: string, e: unknown) => void;
}

interface Job {
  client: string;
  /** The version it renders from: null until read in its turn; undefined when it is not to be kept. */
  version: string | null | undefined;
  /** Its turn at the database has begun. */
  begun: boolean;
  /** Requests still waiting for it. */
  waiting: number;
  done: Promise<SiteDocument | null>;
}

type Made = { kept: SiteDocument } | { source: DocumentSource | null };

export class DocumentCache {
  private readonly entries = new Map<string, { version: string; doc: SiteDocument }>();
  private readonly jobs = new Map<string, Set<Job>>();
  private readonly maxEntries: number;
  private readonly staleAfterMs: number;

  constructor(
    private readonly freshness: Freshness,
    private readonly options: DocumentCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 500;
    this.staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  }

  /** The document under `key` for `client`; `render` makes its source in the client's turn (null: no such document, 404). */
  async get(key: string, client: string, render: () => Promise<DocumentSource | null>): Promise<SiteDocument | null> {
    const version = await this.freshness.versionOutsideTurn();
    const kept = this.entries.get(key);
    if (typeof version === 'string' && kept?.version === version) {
      // Least recently used goes first: re-insert at the end.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.doc;
    }
    const job = this.joinable(key, client, version) ?? this.start(key, client, version, render);
    job.waiting++;
    return kept ? this.orKept(key, job) : job.done.finally(() => job.waiting--);
  }

  private joinable(key: string, client: string, version: string | null | undefined): Job | undefined {
    for (const job of this.jobs.get(key) ?? []) {
      // In its turn, from the version this request knows is current: its data is at least as new.
      if (job.begun && typeof version === 'string' && job.version === version) return job;
      // Waiting for this client's own turn: it reads what it reads after this request came.
      if (!job.begun && job.client === client && (job.version === null || job.version === version)) return job;
    }
    return undefined;
  }

  private start(key: string, client: string, version: string | null | undefined, render: () => Promise<DocumentSource | null>): Job {
    const job: Job = { client, version, begun: false, waiting: 0, done: undefined! };
    let jobs = this.jobs.get(key);
    if (!jobs) this.jobs.set(key, (jobs = new Set()));
    jobs.add(job);
    job.done = (async () => {
      try {
        const made = await this.freshness.inTurn(client, async (): Promise<Made> => {
          job.begun = true;
          if (job.version === null) job.version = await this.freshness.versionInTurn();
          const kept = this.entries.get(key);
          // Made meanwhile from this version (another request's render).
          if (typeof job.version === 'string' && kept?.version === job.version) return { kept: kept.doc };
          return { source: await render() };
        });
        if ('kept' in made) return made.kept;
        if (!made.source) return null;
        // Compressed after the turn: the database has no part in it.
        const doc = makeDocument(made.source);
        if (doc.keep && typeof job.version === 'string') this.keep(key, job.version, doc);
        return doc;
      } catch (e) {
        if (job.waiting === 0) this.options.onLateError?.(key, e);
        throw e;
      } finally {
        jobs.delete(job);
        if (jobs.size === 0 && this.jobs.get(key) === jobs) this.jobs.delete(key);
      }
    })();
    return job;
  }

  /** The job's document, or the kept copy if the job has not begun its turn in time. */
  private orKept(key: string, job: Job): Promise<SiteDocument | null> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const answer = () => {
        if (answered) return false;
        answered = true;
        job.waiting--;
        return true;
      };
      const timer = setTimeout(() => {
        const kept = this.entries.get(key);
        if (!job.begun && kept && answer()) resolve(kept.doc);
      }, this.staleAfterMs);
      job.done.then(
        (doc) => {
          clearTimeout(timer);
          if (answer()) resolve(doc);
        },
        (e: unknown) => {
          clearTimeout(timer);
          if (answer()) reject(e);
        },
      );
    });
  }

  private keep(key: string, version: string, doc: SiteDocument): void {
    this.entries.delete(key);
    this.entries.set(key, { version, doc });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
