/**
 * Fedify's message queue for her inbox, kept in the database
 * (private.fediverse_inbox_queue, migration 20261128190000): the inbox
 * verifies a signature in the request, writes the activity here and answers
 * 202; the listeners (inbox.ts) run later, from `listen` in the local
 * backend, from the edge function once it has answered, or from
 * `npm run fediverse-worker`. Fedify's own in-process queue would lose what
 * a kill -9 caught waiting, and its Postgres queue needs a LISTEN connection
 * PGlite and the edge function do not have, hence this one (decision 310).
 *
 * A message is taken with a lease and deleted once handled, so a worker
 * killed mid-way leaves it to be taken again when the lease lapses (at once
 * on the next start of the embedded database), at most MAX_TAKEN times. Of
 * messages sharing an ordering key (Fedify's, else the sending actor) only
 * the oldest can be taken, so one actor's Delete never overtakes its Create;
 * a few are handled at once, so a slow sender does not hold the others up;
 * and a server may have only MAX_WAITING_PER_SENDER waiting. Fedify retries a failed
 * listener itself (it enqueues the message again, delayed); a handler that
 * throws all the same is tried again later, and dropped after MAX_TAKEN.
 */
import { randomUUID } from 'node:crypto';
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { Database } from '../db/database.ts';

export const MAX_TAKEN = 5;
const RETRY_MS = 60_000;
/** What one sending server may have waiting; past it her inbox answers 429 (routes.ts). */
export const MAX_WAITING_PER_SENDER = 200;
/** Messages handled at once: one slow sender does not hold the others' up. */
const LANES = 4;

/** The sending actor of Fedify's inbox message, as far as its JSON says. */
function senderOf(message: unknown): { actor: string; host: string } | undefined {
  const activity = (message as { activity?: { actor?: unknown } } | null)?.activity;
  const actor = activity?.actor;
  const id = typeof actor === 'string' ? actor : typeof (actor as { id?: unknown } | undefined)?.id === 'string' ? (actor as { id: string }).id : undefined;
  if (!id) return undefined;
  try {
    return { actor: id, host: new URL(id).host };
  } catch {
    return undefined;
  }
}

export interface DatabaseMessageQueueOptions {
  /** The wait between looks when nothing woke it (default 1 s). */
  pollMs?: number;
  /** How long a taken message is this worker's (default 2 min). */
  leaseMs?: number;
  /** The only worker on this database (embedded): leases a killed run left are released at the first look. */
  exclusive?: boolean;
  log?: (line: string) => void;
}

type Handler = (message: unknown) => Promise<void> | void;

const DUE = `q.not_before <= now() and (q.claimed_until is null or q.claimed_until < now())
  and (q.ordering_key is null or not exists (
    select 1 from private.fediverse_inbox_queue o where o.ordering_key = q.ordering_key and o.id < q.id))`;

export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private readonly claim = randomUUID();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private exclusive: boolean;
  private readonly log: (line: string) => void;
  private wakeUp: (() => void) | undefined;
  /** runDue calls going on in this process. */
  private running = 0;

  constructor(private readonly db: Database, options: DatabaseMessageQueueOptions = {}) {
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.exclusive = options.exclusive ?? false;
    this.log = options.log ?? ((line) => console.error(line));
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const delayMs = options?.delay ? Math.max(0, options.delay.total({ unit: 'millisecond' })) : 0;
    for (const message of messages) {
      const sender = senderOf(message);
      await this.db.query(
        `insert into private.fediverse_inbox_queue (message, sender, ordering_key, not_before)
         values ($1::jsonb, $2, $3, now() + make_interval(secs => $4::double precision / 1000))`,
        [JSON.stringify(message), sender?.host ?? null, options?.orderingKey ?? sender?.actor ?? null, delayMs],
      );
    }
    if (delayMs === 0) this.wakeUp?.();
  }

  /** Whether this server has as many messages waiting as it may (the inbox then answers 429). */
  async senderIsFull(host: string): Promise<boolean> {
    const r = await this.db.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from private.fediverse_inbox_queue where sender = $1 limit $2) w`, [host, MAX_WAITING_PER_SENDER]);
    return (r.rows[0]?.n ?? 0) >= MAX_WAITING_PER_SENDER;
  }

  /** Whether a message is waiting now (read-only: an idle look writes nothing). */
  async anyDue(): Promise<boolean> {
    const r = await this.db.query<{ due: boolean }>(`select exists (select 1 from private.fediverse_inbox_queue q where ${DUE}) as due`);
    return r.rows[0]?.due === true;
  }

  /** Handles every message due now, one at a time, oldest first; how many were taken. */
  async runDue(handler: Handler, signal?: AbortSignal): Promise<number> {
    this.running++;
    try {
      return await this.takeDue(handler, signal);
    } finally {
      this.running--;
    }
  }

  /** Resolves once nothing is due and this process handles nothing (tests, and `drain`). */
  async settled(): Promise<void> {
    while (this.running > 0 || (await this.anyDue())) await new Promise((r) => setTimeout(r, 20));
  }

  private async takeDue(handler: Handler, signal?: AbortSignal): Promise<number> {
    if (this.exclusive) {
      this.exclusive = false;
      const left = await this.db.query(`select 1 from private.fediverse_inbox_queue where claimed_until is not null limit 1`);
      if (left.rows.length) await this.db.query(`update private.fediverse_inbox_queue set claim = null, claimed_until = null where claimed_until is not null`);
    }
    let taken = 0;
    const lane = async () => {
      while (!signal?.aborted && (await this.anyDue())) {
        const row = await this.takeOne();
        if (!row) return; // another lane or worker took it first
        taken++;
        await this.handle(handler, row);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    return taken;
  }

  private async takeOne(): Promise<{ id: string; message: unknown; taken: number } | undefined> {
    const r = await this.db.query<{ id: string; message: unknown; taken: number }>(
      `with next as (
         select q.id from private.fediverse_inbox_queue q where ${DUE}
          order by q.not_before, q.id limit 1 for update skip locked
       )
       update private.fediverse_inbox_queue q
          set claim = $1, claimed_until = now() + make_interval(secs => $2::double precision / 1000), taken = q.taken + 1
         from next where q.id = next.id
       returning q.id::text, q.message, q.taken`,
      [this.claim, this.leaseMs],
    );
    return r.rows[0];
  }

  private async handle(handler: Handler, row: { id: string; message: unknown; taken: number }): Promise<void> {
    if (row.taken > MAX_TAKEN) {
      // Taken this often without an answer: its workers died on it (a time limit, a crash). Not again.
      this.log(`fediverse: an inbox message was taken ${row.taken - 1} times without being handled and is dropped`);
      await this.db.query(`delete from private.fediverse_inbox_queue where id = $1`, [row.id]);
      return;
    }
    try {
      await handler(row.message);
      await this.db.query(`delete from private.fediverse_inbox_queue where id = $1`, [row.id]);
    } catch (e) {
      if (row.taken >= MAX_TAKEN) {
        this.log(`fediverse: an inbox message failed ${row.taken} times and is dropped: ${(e as Error).message}`);
        await this.db.query(`delete from private.fediverse_inbox_queue where id = $1`, [row.id]);
      } else {
        await this.db.query(
          `update private.fediverse_inbox_queue set claim = null, claimed_until = null,
                  not_before = now() + make_interval(secs => $2::double precision / 1000) where id = $1`,
          [row.id, RETRY_MS * row.taken],
        );
      }
    }
  }

  async listen(handler: Handler, options?: MessageQueueListenOptions): Promise<void> {
    const signal = options?.signal;
    while (!signal?.aborted) {
      let wait = this.pollMs;
      try {
        await this.runDue(handler, signal);
      } catch (e) {
        // A database without the migrations (the server tests' fixture): looked at again a minute later.
        if ((e as { code?: string }).code === '42P01') wait = 60_000;
        else this.log(`fediverse: inbox queue look failed: ${(e as Error).message}`);
      }
      if (signal?.aborted) break;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          this.wakeUp = undefined;
          resolve();
        };
        const timer = setTimeout(done, wait);
        this.wakeUp = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }
}
