/**
 * The embedded database (a data directory) run in a worker thread, with a
 * watchdog (issue 10). PGlite ignores statement_timeout and runs a statement
 * to its end on the thread that calls it: on the main thread one
 * catastrophic regex froze every request for good. Here:
 * - statements run in pglite-worker.mjs, so the event loop stays free
 *   (health checks, kept pages, sign-ins keep answering);
 * - a statement that outlives its timeout (the role's statement_timeout,
 *   TransactionOptions) is answered 57014 as PostgreSQL would, and the
 *   worker is stopped and the directory opened again (~0.6 s; PostgreSQL's
 *   recovery keeps every committed row, as after a kill -9);
 * - one caller at a time, as PGlite itself; a transaction holds the database
 *   from BEGIN to COMMIT, and one the restart cut off fails as a whole;
 * - except that a batch with a Ticket (a REST read) may wait in the thread
 *   behind the batch running, so the thread never idles between the two
 *   (issue 11); until the thread takes it, it can be given back
 *   (server/db/ticket.ts), and a restart carries it over to the new thread.
 */
import { Worker } from 'node:worker_threads';
import { pgliteModule } from './pglite-module.ts';
import { WithdrawnError, type Ticket } from './ticket.ts';
import {
  mayWrite,
  statementTimeoutError,
  type Database,
  type PgError,
  type QueryResult,
  type Queryable,
  type Statement,
  type TransactionOptions,
} from './database.ts';


/** A message the thread has or will run, in the thread's order. */
interface Pending {
  id: number;
  message: Record<string, unknown>;
  resolve: (r: unknown) => void;
  reject: (e: Error) => void;
  timeoutMs: number | undefined;
  timer: NodeJS.Timeout | undefined;
  /**
   * A batch that may wait in the thread: 0 while it waits, 1 once the thread
   * took it, 2 once given back (the thread then skips it). Shared memory, so
   * the two threads agree on which came first.
   */
  claim?: Int32Array;
}

const WAITING = 0;
const GIVEN_BACK = 2;

type WorkerError = { message: string } & Record<string, unknown>;

function toPgError(e: WorkerError): PgError {
  const { message, ...fields } = e;
  return Object.assign(new Error(message), fields);
}

/** What a caller gets when the database it was using restarted under it (answered 503). */
function restartedError(): PgError {
  return Object.assign(new Error('The database restarted after a statement ran past its time limit; try again.'), { code: '57P03' });
}

/** A statement that may change data; plain reads leave the write count alone. */


export class PgliteWorkerDatabase implements Database {
  readonly kind = 'pglite' as const;
  /** How many times the watchdog restarted the database (for logs and tests). */
  restarts = 0;
  private worker!: Worker;
  private opening: Promise<void> = Promise.resolve();
  /** Posted to the thread, in its order: the first runs, a batch may wait behind it. */
  private inFlight: Pending[] = [];
  private drainedWaiters: (() => void)[] = [];
  /** Batches that were waiting when the watchdog stopped the thread: first on the next one. */
  private carried: Pending[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private generation = 0;
  private nextId = 1;
  private writeCount = 0;
  /** Moves with each content version notice, and with each new thread (what a lost one did is unknown). */
  private contentCount = 0;
  /** The current thread's count of notices, as its last answer gave it. */
  private noticesHeard = 0;
  private closed = false;
  /** Threads the watchdog stopped: their exit is expected, not a crash. */
  private readonly retired = new WeakSet<Worker>();

  private constructor(private readonly dataDir: string) {}

  static async open(dataDir: string): Promise<PgliteWorkerDatabase> {
    const db = new PgliteWorkerDatabase(dataDir);
    db.opening = db.spawn();
    await db.opening;
    return db;
  }

  get writes(): number {
    return this.writeCount;
  }

  /**
   * Not every write: a delivery's or a view's bookkeeping leaves the kept
   * pages current (issue 45's fan-out made readers wait for a version read
   * after each one). The thread listens for the version's notice
   * (migration 20261128130100), which Postgres hands over with the
   * statement that commits it, so the count has moved before that
   * statement's caller gets its answer.
   */
  get contentChanges(): number {
    return this.contentCount;
  }

  private spawn(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: this.dataDir, pgliteWasmModule: pgliteModule() },
    });
    this.worker = worker;
    this.noticesHeard = 0;
    this.contentCount++;
    return new Promise((resolve, reject) => {
      worker.once('message', (first: { ready?: true; failed?: WorkerError }) => {
        if (first.failed) return reject(toPgError(first.failed));
        worker.on('message', (m: { id: number; result?: unknown; error?: WorkerError; notices?: number }) => this.settle(worker, m));
        resolve();
      });
      const down = (reason: Error) => {
        reject(reason);
        this.workerDown(worker, reason);
      };
      worker.once('error', down);
      worker.once('exit', (code) => down(new Error(`the database thread exited (code ${code})`)));
    });
  }

  private settle(worker: Worker, m: { id: number; result?: unknown; error?: WorkerError; notices?: number }): void {
    if (worker !== this.worker) return;
    if (m.notices !== undefined && m.notices !== this.noticesHeard) {
      this.contentCount += m.notices - this.noticesHeard;
      this.noticesHeard = m.notices;
    }
    const pending = this.inFlight[0];
    if (!pending || pending.id !== m.id) return;
    this.inFlight.shift();
    clearTimeout(pending.timer);
    // The next one is running now: its limit counts from here.
    if (this.inFlight[0]) this.arm(this.inFlight[0]);
    else this.drained();
    if (m.error) pending.reject(toPgError(m.error));
    else pending.resolve(m.result!);
  }

  /** The watchdog for the message now running. */
  private arm(pending: Pending): void {
    const timeoutMs = pending.timeoutMs;
    if (!timeoutMs || pending.timer) return;
    pending.timer = setTimeout(() => {
      console.warn(`database: a statement ran past its ${timeoutMs} ms limit; stopping it (the embedded database restarts).`);
      this.restart(statementTimeoutError());
    }, timeoutMs);
  }

  private drained(): void {
    const waiters = this.drainedWaiters;
    this.drainedWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once nothing is posted to the thread (and the thread is open). */
  private async idle(): Promise<void> {
    for (;;) {
      await this.opening;
      if (this.inFlight.length === 0) return;
      await new Promise<void>((resolve) => this.drainedWaiters.push(resolve));
    }
  }

  /** The thread died by itself (not by the watchdog): fail what ran on it, start again on next use. */
  private workerDown(worker: Worker, reason: Error): void {
    if (worker !== this.worker || this.retired.has(worker) || this.closed) return;
    console.error(`database: the embedded database's thread stopped (${reason.message}); opening it again.`);
    this.restart(restartedError());
  }

  /** Ends the running statement with `reason`, stops the thread and opens the directory again. */
  private restart(reason: Error): void {
    const [running, ...behind] = this.inFlight;
    this.inFlight = [];
    if (running) {
      clearTimeout(running.timer);
      running.reject(reason);
    }
    for (const pending of behind) {
      clearTimeout(pending.timer);
      pending.timer = undefined;
      if (pending.claim && Atomics.compareExchange(pending.claim, 0, WAITING, GIVEN_BACK) === WAITING) {
        // It never ran: it keeps its place, first on the reopened thread, and can still be given back.
        pending.claim = new Int32Array(new SharedArrayBuffer(4));
        this.carried.push(pending);
      } else pending.reject(restartedError());
    }
    this.generation++;
    this.restarts++;
    const old = this.worker;
    this.retired.add(old);
    this.opening = (async () => {
      try {
        await old.terminate();
        if (!this.closed) await this.spawn();
      } catch (e) {
        for (const pending of this.carried.splice(0)) pending.reject(e as Error);
        throw e;
      }
      for (const pending of this.carried.splice(0)) this.send(pending);
    })();
    // A failed reopen fails the next caller (and every one after, until it works).
    this.opening.catch((e: unknown) => console.error('database: reopening the embedded database failed:', e));
    this.drained();
  }

  /** One statement on the thread, ended by the watchdog after `timeoutMs`. */
  private statement(op: 'query' | 'exec', sql: string, params?: unknown[], timeoutMs?: number): Promise<QueryResult<never>> {
    return this.call({ op, sql, params }, timeoutMs);
  }

  /** One message to the thread, alone in it, and its answer; the watchdog ends it after `timeoutMs`. */
  private async call<R>(message: Record<string, unknown>, timeoutMs?: number): Promise<R> {
    await this.idle();
    return this.post<R>(message, timeoutMs);
  }

  private post<R>(message: Record<string, unknown>, timeoutMs?: number, claim?: Int32Array): Promise<R> {
    if (this.closed) return Promise.reject(new Error('The database is closed.'));
    return new Promise((resolve, reject) => {
      this.send({ id: 0, message, resolve: resolve as (r: unknown) => void, reject, timeoutMs, timer: undefined, claim });
    });
  }

  /** Posts to the current thread, at the end of its line. */
  private send(pending: Pending): void {
    pending.id = this.nextId++;
    this.inFlight.push(pending);
    if (this.inFlight.length === 1) this.arm(pending);
    this.worker.postMessage({ id: pending.id, claim: pending.claim, ...pending.message });
  }

  /** Takes a waiting batch back, if the thread has not taken it. */
  private giveBack(pending: Pending): boolean {
    if (!pending.claim || Atomics.compareExchange(pending.claim, 0, WAITING, GIVEN_BACK) !== WAITING) return false;
    for (const line of [this.inFlight, this.carried]) {
      const i = line.indexOf(pending);
      if (i >= 0) line.splice(i, 1);
    }
    clearTimeout(pending.timer);
    // Given back as it became the first: the one behind it runs next, under its own limit.
    if (this.inFlight[0]) this.arm(this.inFlight[0]);
    else this.drained();
    pending.reject(new WithdrawnError());
    return true;
  }

  /**
   * A batch with a ticket: posted as soon as at most one other (batch) is
   * in the thread, so it waits there rather than on the event loop; until
   * the thread takes it, the ticket can give it back.
   */
  private async batchInLine(statements: Statement[], options: TransactionOptions, ticket: Ticket): Promise<QueryResult<Record<string, unknown>>[]> {
    let givenBack = false;
    ticket.bind(() => (givenBack = true));
    let answer!: Promise<QueryResult<Record<string, unknown>>[]>;
    await this.exclusive(async () => {
      await this.opening;
      // One waiting behind the one running, no more (the scheduler keeps to that too).
      while (this.inFlight.length >= 2) await new Promise<void>((resolve) => this.drainedWaiters.push(resolve));
      if (givenBack) throw new WithdrawnError();
      answer = this.post({ op: 'batch', statements, readOnly: options.readOnly, settings: options.settings }, options.statementTimeoutMs, new Int32Array(new SharedArrayBuffer(4)));
      const pending = this.inFlight[this.inFlight.length - 1]!;
      ticket.bind(() => this.giveBack(pending));
    });
    try {
      return await answer;
    } finally {
      ticket.bind(undefined);
    }
  }

  /** One caller at a time: PGlite is one connection. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    const r = await this.exclusive(() => this.statement('query', sql, params));
    if (mayWrite(sql)) this.writeCount++;
    return r as QueryResult<T>;
  }

  async exec(sql: string): Promise<void> {
    await this.exclusive(() => this.statement('exec', sql));
    this.writeCount++;
  }

  async batch(statements: Statement[], options: TransactionOptions = {}): Promise<QueryResult<Record<string, unknown>>[]> {
    // The whole batch answers to one statement's limit: the statements before the last are set-ups.
    const results = options.ticket
      ? await this.batchInLine(statements, options, options.ticket)
      : await this.exclusive(() => this.call<QueryResult<Record<string, unknown>>[]>({ op: 'batch', statements, readOnly: options.readOnly, settings: options.settings }, options.statementTimeoutMs));
    if (!options.readOnly) this.writeCount++;
    return results;
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.exclusive(async () => {
      const timeout = options.statementTimeoutMs;
      await this.statement('exec', options.readOnly ? 'begin read only' : 'begin', undefined, timeout);
      const generation = this.generation;
      // Statements after a restart would run outside the transaction that was lost: refuse them.
      const inTx = (op: 'query' | 'exec', sql: string, params?: unknown[]) => {
        if (generation !== this.generation) return Promise.reject(restartedError());
        return this.statement(op, sql, params, timeout);
      };
      const tx: Queryable = {
        query: async <R>(sql: string, params?: unknown[]) => (await inTx('query', sql, params)) as QueryResult<R>,
        exec: async (sql: string) => {
          await inTx('exec', sql);
        },
      };
      try {
        const result = await fn(tx);
        await inTx('exec', 'commit');
        if (!options.readOnly) this.writeCount++;
        return result;
      } catch (e) {
        if (generation === this.generation) await this.statement('exec', 'rollback').catch(() => {});
        throw e;
      }
    });
  }

  close(): Promise<void> {
    return this.exclusive(async () => {
      await this.opening.catch(() => {});
      if (this.closed) return;
      // Batches already in the thread get their answers first.
      await this.idle().catch(() => {});
      const closing = this.post({ op: 'close' }).catch(() => {});
      this.closed = true;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([closing, new Promise((resolve) => (waited = setTimeout(resolve, 10_000)))]);
      clearTimeout(waited);
      await this.worker.terminate();
    });
  }
}
