/**
 * The one database interface every part of the backend uses, so the same code
 * runs on embedded PGlite and on a real PostgreSQL server (DATABASE_URL).
 */
import type { Settings } from './prepared.mjs';
import type { Ticket } from './ticket.ts';

export interface QueryResult<T> {
  rows: T[];
  /** Rows touched by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows?: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Each statement's limit, in ms: the role's statement_timeout. PostgreSQL
   * enforces it itself (the request sets it); embedded PGlite cannot, so its
   * worker's watchdog does (server/db/pglite-worker-db.ts).
   */
  statementTimeoutMs?: number;
  /**
   * Reads only: the transaction is READ ONLY (a write in it fails with
   * 25006), as PostgREST runs GET and HEAD; every implementation sees to it.
   */
  readOnly?: boolean;
  /**
   * batch() only: transaction-local settings (`set_config(name, value,
   * true)`), made before the statements in one statement with READ ONLY
   * (server/db/prepared.mjs), as PostgREST sets a request's role and claims.
   */
  settings?: Settings;
  /**
   * batch() only, embedded PGlite only: the batch may wait inside the
   * database thread behind the one running, and be given back until it
   * starts (server/db/ticket.ts).
   */
  ticket?: Ticket;
}

export interface Statement {
  sql: string;
  params?: unknown[];
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT around fn; ROLLBACK (and rethrow) when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Statements known in advance, in one transaction, sent together (one
   * message to PGlite's thread instead of one per statement); their results
   * in order. All or nothing, as transaction().
   */
  batch(statements: Statement[], options?: TransactionOptions): Promise<QueryResult<Record<string, unknown>>[]>;
  /**
   * When only this process can write (embedded PGlite): a count of what may
   * have written so far, so a reader of derived state (the site's content
   * version) can tell nothing changed without asking. Undefined when other
   * processes may write (PostgreSQL).
   */
  readonly writes?: number;
  /**
   * A count that moves whenever the site's content may have changed, while
   * this process can tell: PGlite, the version's notices (pglite-worker-db.ts); PostgreSQL, its own writes and
   * the database's notices of anyone's (content-notices.ts). Undefined when
   * it cannot tell (then the content version is read).
   */
  readonly contentChanges?: number;
  close(): Promise<void>;
}

/** The error PostgreSQL raises when statement_timeout cancels a statement. */
export function statementTimeoutError(): PgError {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
}

/** Postgres error fields as both drivers expose them. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}

/** A statement that may write: anything but a plain select (a select … for update locks rows). */
export const mayWrite = (sql: string) => !/^\s*select\b/i.test(sql) || /\bfor\s+(no\s+key\s+)?update\b/i.test(sql);
