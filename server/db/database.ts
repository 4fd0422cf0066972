/**
 * The one database interface every part of the backend uses, so the same code
 * runs on embedded PGlite and on a real PostgreSQL server (DATABASE_URL).
 */
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

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT around fn; ROLLBACK (and rethrow) when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
