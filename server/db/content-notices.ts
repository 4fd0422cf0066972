/**
 * On PostgreSQL other processes may write (the mail worker, a CLI, a second
 * server), so the site's kept pages could not trust anything but a read of
 * the content version on every request: one turn of the pool per page, which
 * a flood of other work (issue 42's view beacons) makes the reader wait for.
 * Here one connection LISTENs to the notice migration 20261128130100 sends
 * when the version moves; while it listens, a count of notices (and of this
 * process's own writes, counted when they finish) tells the page cache that
 * nothing changed, without a query. When the connection is lost the count is
 * unknown (undefined) and pages read the version again until it is back.
 *
 * The notice arrives after its write commits: for that moment (milliseconds)
 * another process's change may not yet be seen; this process's own writes
 * are counted before their answer is sent.
 */
import pg from 'pg';

export const CONTENT_CHANNEL = 'site_content_version';
const RECONNECT_MS = 1_000;

export interface ContentNotices {
  /** Moves with every notice and every local write; undefined while not listening. */
  readonly changes: number | undefined;
  /** A write of this process finished (committed or not). */
  wrote(): void;
  close(): Promise<void>;
}

export function listenForContent(connectionString: string): ContentNotices {
  let count = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    live = false;
    count++;
    const c = client;
    client = undefined;
    c?.end().catch(() => {});
    if (!closed) retry ??= setTimeout(connect, RECONNECT_MS).unref();
  };

  async function connect(): Promise<void> {
    retry = undefined;
    if (closed) return;
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('error', lost);
    c.on('end', () => client === c && lost());
    c.on('notification', () => count++);
    try {
      await c.connect();
      await c.query(`listen ${CONTENT_CHANNEL}`);
      if (closed) return void c.end().catch(() => {});
      // Whatever changed while nobody listened: read again once.
      count++;
      live = true;
    } catch {
      if (client === c) lost();
    }
  }

  void connect();

  return {
    get changes() {
      return live ? count : undefined;
    },
    wrote() {
      count++;
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
