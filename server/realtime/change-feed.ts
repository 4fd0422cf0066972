/**
 * Reads the change log the capture triggers write (server/db/bootstrap.sql,
 * local_backend.realtime_changes) and hands each committed change, once and
 * in order, to the subscribers. It polls only while someone listens.
 *
 * On PostgreSQL several transactions write at once, so a row with a lower id
 * may commit after one with a higher id. The feed therefore remembers what
 * it delivered above its floor and moves the floor over a gap only once the
 * gap is 5 s old (a rolled-back insert leaves a gap for ever).
 */
import type { Database } from '../db/database.ts';
import type { ChangeType } from './bindings.ts';

export interface Change {
  schema: string;
  table: string;
  type: ChangeType;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: string;
}

const POLL_MS = 150;
const GAP_PATIENCE_MS = 5000;

export class ChangeFeed {
  private floor: number | undefined;
  private readonly delivered = new Set<number>();
  private readonly gapSeen = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private wanted = false;
  /** Starting and pausing, one after another: sockets open and close at any time. */
  private settling: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly deliver: (changes: Change[]) => Promise<void>,
  ) {}

  /** Someone listens: resolves once polling runs, from the changes committed after its floor was read. */
  listen(): Promise<void> {
    this.wanted = true;
    return this.settle();
  }

  /** Nobody listens: stop asking (a later listen() begins then, not where this left off). */
  pause(): void {
    this.wanted = false;
    void this.settle().catch(() => {});
  }

  stop(): void {
    this.stopped = true;
    this.pause();
  }

  private settle(): Promise<void> {
    this.settling = this.settling.catch(() => {}).then(async () => {
      if (this.wanted && !this.stopped && !this.timer) {
        const r = await this.db.query<{ last: string | null }>(`select max(id)::text as last from local_backend.realtime_changes`);
        // Paused or started while the floor was read: the next settle decides.
        if (!this.wanted || this.stopped || this.timer) return;
        this.floor = Number(r.rows[0]?.last ?? 0);
        this.timer = setInterval(() => void this.poll(), POLL_MS);
        this.timer.unref();
      } else if ((!this.wanted || this.stopped) && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
        this.floor = undefined;
        this.delivered.clear();
        this.gapSeen.clear();
      }
    });
    return this.settling;
  }

  private async poll(): Promise<void> {
    if (this.running || this.floor === undefined) return;
    this.running = true;
    try {
      const r = await this.db.query<{ id: string; change: Change }>(
        `select id::text as id, change from local_backend.realtime_changes where id > $1 order by id limit 500`,
        [this.floor],
      );
      const fresh: Change[] = [];
      for (const row of r.rows) {
        const id = Number(row.id);
        if (this.delivered.has(id)) continue;
        this.delivered.add(id);
        fresh.push(row.change);
      }
      this.advanceFloor();
      if (fresh.length > 0) await this.deliver(fresh);
    } catch (e) {
      // The database restarting or busy: the next poll tries again.
      if (!this.stopped) console.error('[realtime] reading changes failed:', (e as Error).message);
    } finally {
      this.running = false;
    }
  }

  private advanceFloor(): void {
    let floor = this.floor!;
    const now = Date.now();
    const highest = Math.max(floor, ...this.delivered);
    while (floor < highest) {
      const next = floor + 1;
      if (this.delivered.delete(next)) {
        floor = next;
        continue;
      }
      const since = this.gapSeen.get(next) ?? now;
      this.gapSeen.set(next, since);
      if (now - since < GAP_PATIENCE_MS) break;
      this.gapSeen.delete(next);
      floor = next;
    }
    this.floor = floor;
  }
}
