/**
 * A reader's view beacon answered at once, counted in a batch (issue 42,
 * decision 280). Counting each beacon in a transaction of its own took a
 * turn of the database per view: a shared post's hundreds of beacons a
 * second then queued, timed out, and kept the readers of the very page out
 * of the database's line. Here an anonymous reader's beacon whose page and
 * referrer are good is kept in memory and answered 204; every FLUSH_EVERY_MS
 * (or at FLUSH_AT views) the views gathered go to the database in one call,
 * private.stats_views, which applies every rule of record_view to each in
 * order (crawlers, prefetches, caps at each view's own arrival time, the
 * daily salted hashes) and writes the aggregates once.
 *
 * Held in memory only, never on disk: a view carries the reader's address
 * and user agent, which decision 230 keeps nowhere but in the day's salted
 * hashes. So a kill -9 loses the views of the last FLUSH_EVERY_MS (and of a
 * batch being written); a clean stop (close()) writes them first.
 *
 * Her own beacons (a token other than the anon key), pages not known to be
 * public, and anything unusual go the old way, record_view through the REST
 * transaction, which answers 22023 for a bad page or referrer.
 */
import type { Database } from '../db/database.ts';

/** How long a view waits in memory before it is written. */
export const FLUSH_EVERY_MS = 250;
/** A batch is written at once when this many views wait. */
export const FLUSH_AT = 500;
/** Past this many views waiting (the database stalled for minutes), a beacon is refused with 503 rather than kept. */
export const MAX_WAITING = 20_000;
/** A kept header longer than this sends the beacon the old way: memory stays bounded (20,000 × 5 × 1 KB at most). record_view counts no user agent longer. */
const MAX_HEADER = 1024;
/** A post seen public by record_view is taken as public this long (the batch checks again). */
export const PUBLIC_PAGE_MS = 60_000;

/** The request headers the rules read (decision 230); nothing else of the request is kept. */
const KEPT_HEADERS = ['user-agent', 'sec-ch-ua-mobile', 'sec-purpose', 'purpose', 'x-forwarded-for'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** private.stats_referrer's host rule, on the value lower-cased and trimmed of spaces as it does. */
const HOST = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

interface View {
  page: string;
  referrer: string;
  headers: Record<string, string>;
  at: string;
}

/** The referrer as record_view would accept it (private.stats_referrer is not null), or undefined. */
export function acceptableReferrer(referrer: unknown): boolean {
  if (referrer === undefined || referrer === null) return true;
  if (typeof referrer !== 'string') return false;
  const r = referrer.replace(/^ +| +$/g, '').toLowerCase();
  return r === 'direto' || r === 'newsletter' || (r.length <= 253 && HOST.test(r));
}

export class ViewBuffer {
  private waiting: View[] = [];
  private readonly publicPages = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Views written and counted so far (printed by the bench, read by tests). */
  counted = 0;

  constructor(
    private readonly db: Database,
    private readonly options: { flushEveryMs?: number; now?: () => number } = {},
  ) {}

  /**
   * Keeps the view when its page and referrer are known good: true, and the
   * caller answers 204. False: the caller runs record_view as before.
   * 'full': the caller answers 503 (the database has not taken views for minutes).
   */
  offer(args: Record<string, unknown>, headers: Readonly<Record<string, string>>): boolean | 'full' {
    if (this.closed) return false;
    const { page, referrer, ...rest } = args;
    if (Object.keys(rest).length > 0 || typeof page !== 'string' || !this.knownPublic(page) || !acceptableReferrer(referrer)) return false;
    if (this.waiting.length >= MAX_WAITING) return 'full';
    const kept: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = headers[name];
      if (value === undefined) continue;
      if (value.length > MAX_HEADER) return false;
      kept[name] = value;
    }
    this.waiting.push({ page, referrer: (referrer as string | null | undefined) ?? 'direto', headers: kept, at: new Date(this.now()).toISOString() });
    if (this.waiting.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushEveryMs ?? FLUSH_EVERY_MS).unref();
    return true;
  }

  /** record_view counted (or silently refused) a view of this page: it is a home or a public post. */
  learnPublic(page: string): void {
    if (!UUID.test(page)) return;
    this.publicPages.set(page, this.now() + PUBLIC_PAGE_MS);
    // A handful of posts are read at once; made-up ids never get here (record_view refuses them).
    if (this.publicPages.size > 1000) this.publicPages.delete(this.publicPages.keys().next().value!);
  }

  private knownPublic(page: string): boolean {
    if (page === '/pt' || page === '/en') return true;
    const until = this.publicPages.get(page);
    return until !== undefined && until > this.now();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Writes every view waiting now; resolves once they are in the database (her statistics read after this). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    // One batch at a time, in order: the caps and the first-visit hashes follow arrival.
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: View[]): Promise<void> {
    if (batch.length === 0) return;
    for (let attempt = 1; ; attempt++) {
      try {
        // A select of one function: one statement, its own transaction. It
        // writes the statistics only, never the content, so the kept pages'
        // content version stays known without a read (content-version.ts).
        const [row] = (await this.db.query<{ counted: number }>('select private.stats_views($1::jsonb) as counted', [JSON.stringify(batch)])).rows;
        this.counted += Number(row?.counted ?? 0);
        return;
      } catch (e) {
        // The database restarting (a runaway statement elsewhere): try again shortly; a third failure is reported.
        if (attempt >= 3 || this.closed) {
          console.error(`stats: ${batch.length} views could not be written:`, e);
          return;
        }
        await new Promise((r) => setTimeout(r, 500 * attempt));
      }
    }
  }

  /** Writes what waits and takes no more (the server is stopping). */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}

const buffers = new WeakMap<Database, ViewBuffer>();

/** The one buffer of a database (the REST routes and the server's close share it). */
export function viewBufferFor(db: Database): ViewBuffer {
  let buffer = buffers.get(db);
  if (!buffer) buffers.set(db, (buffer = new ViewBuffer(db)));
  return buffer;
}
