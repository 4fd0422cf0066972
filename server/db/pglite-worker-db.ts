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
 *   from BEGIN to COMMIT, and one the restart cut off fails as a whole.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  statementTimeoutError,
  type Database,
  type PgError,
  type QueryResult,
  type Queryable,
  type Statement,
  type TransactionOptions,
} from './database.ts';

const require = createRequire(import.meta.url);

interface Pending {
  id: number;
  resolve: (r: unknown) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

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
const mayWrite = (sql: string) => !/^\s*select\b/i.test(sql) || /\bfor\s+(no\s+key\s+)?update\b/i.test(sql);

// The server's type check has no DOM library, where WebAssembly's types live.
const { WebAssembly: Wasm } = globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } };
let compiled: object | undefined;

/** Postgres compiled to WebAssembly once per process: a restart then skips the compile. */
function pgliteModule(): object {
  compiled ??= new Wasm.Module(readFileSync(require.resolve('@electric-sql/pglite/pglite.wasm')));
  return compiled;
}

export class PgliteWorkerDatabase implements Database {
  readonly kind = 'pglite' as const;
  /** How many times the watchdog restarted the database (for logs and tests). */
  restarts = 0;
  private worker!: Worker;
  private opening: Promise<void> = Promise.resolve();
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private generation = 0;
  private nextId = 1;
  private writeCount = 0;
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

  private spawn(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: this.dataDir, pgliteWasmModule: pgliteModule() },
    });
    this.worker = worker;
    return new Promise((resolve, reject) => {
      worker.once('message', (first: { ready?: true; failed?: WorkerError }) => {
        if (first.failed) return reject(toPgError(first.failed));
        worker.on('message', (m: { id: number; result?: unknown; error?: WorkerError }) => this.settle(worker, m));
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

  private settle(worker: Worker, m: { id: number; result?: unknown; error?: WorkerError }): void {
    const pending = this.pending;
    if (worker !== this.worker || !pending || pending.id !== m.id) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    if (m.error) pending.reject(toPgError(m.error));
    else pending.resolve(m.result!);
  }

  /** The thread died by itself (not by the watchdog): fail what ran on it, start again on next use. */
  private workerDown(worker: Worker, reason: Error): void {
    if (worker !== this.worker || this.retired.has(worker) || this.closed) return;
    console.error(`database: the embedded database's thread stopped (${reason.message}); opening it again.`);
    this.restart(restartedError());
  }

  /** Ends the running statement with `reason`, stops the thread and opens the directory again. */
  private restart(reason: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(reason);
    }
    this.generation++;
    this.restarts++;
    const old = this.worker;
    this.retired.add(old);
    this.opening = (async () => {
      await old.terminate();
      if (!this.closed) await this.spawn();
    })();
    // A failed reopen fails the next caller (and every one after, until it works).
    this.opening.catch((e: unknown) => console.error('database: reopening the embedded database failed:', e));
  }

  /** One statement on the thread, ended by the watchdog after `timeoutMs`. */
  private statement(op: 'query' | 'exec', sql: string, params?: unknown[], timeoutMs?: number): Promise<QueryResult<never>> {
    return this.call({ op, sql, params }, timeoutMs);
  }

  /** One message to the thread and its answer; the watchdog ends it after `timeoutMs`. */
  private async call<R>(message: Record<string, unknown>, timeoutMs?: number): Promise<R> {
    await this.opening;
    if (this.closed) throw new Error('The database is closed.');
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = timeoutMs
        ? setTimeout(() => {
            console.warn(`database: a statement ran past its ${timeoutMs} ms limit; stopping it (the embedded database restarts).`);
            this.restart(statementTimeoutError());
          }, timeoutMs)
        : undefined;
      this.pending = { id, resolve: resolve as (r: unknown) => void, reject, timer };
      this.worker.postMessage({ id, ...message });
    });
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
    const results = await this.exclusive(() => this.call<QueryResult<Record<string, unknown>>[]>({ op: 'batch', statements, readOnly: options.readOnly }, options.statementTimeoutMs));
    if (!options.readOnly) this.writeCount++;
    return results;
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.exclusive(async () => {
      const timeout = options.statementTimeoutMs;
      await this.statement('exec', 'begin', undefined, timeout);
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
      this.closed = true;
      const id = this.nextId++;
      await new Promise<void>((resolve) => {
        this.pending = { id, resolve: () => resolve(), reject: () => resolve(), timer: setTimeout(resolve, 10_000) };
        this.worker.postMessage({ id, op: 'close' });
      });
      await this.worker.terminate();
    });
  }
}
