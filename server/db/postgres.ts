/**
 * A real PostgreSQL server (DATABASE_URL), through a pool of connections that
 * survives the server's restarts and failovers (issue 10):
 * - an 'error' listener on the pool and on every client, so a dropped
 *   connection (pg_terminate_backend, a restart) never becomes an unhandled
 *   'error' event that ends the process;
 * - a broken connection is discarded, not returned to the pool, and what ran
 *   on it fails as a connection error (08006), which the APIs answer 503;
 * - connecting and waiting for a free connection are both bounded
 *   (POOL_WAIT_MS), so a full pool answers 504 instead of hanging.
 * Runaway statements are ended by PostgreSQL itself: the API sets the
 * role's statement_timeout on each request (server/rest/request-tx.ts).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, PgError, Queryable, Statement } from './database.ts';

export const POOL_SIZE = 10;
/** As PostgREST's db-pool-acquisition-timeout: 10 s. */
export const POOL_WAIT_MS = 10_000;

/** Errors that mean the connection itself is gone, not the statement. */
function isConnectionError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as PgError).code;
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true;
  return /Connection terminated|connection.*(closed|ended)|ECONNRESET|ECONNREFUSED|EPIPE|write after end/i.test(e.message);
}

/** A lost connection as the APIs report it: SQLSTATE 08006 (connection_failure), answered 503. */
function asConnectionFailure(e: unknown): PgError {
  const message = e instanceof Error ? e.message : String(e);
  return Object.assign(new Error(`The database connection was lost: ${message}`), { code: '08006' });
}

/** The pool waited POOL_WAIT_MS for a free connection (PostgREST: PGRST003, 504). */
export class PoolTimeoutError extends Error {
  readonly code = 'PGRST003';
  constructor() {
    super('Timed out acquiring connection from connection pool.');
  }
}

function isPoolTimeout(e: unknown): boolean {
  return e instanceof Error && /timeout exceeded when trying to connect/i.test(e.message);
}

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const r = await c.query(sql, params as unknown[] | undefined);
      return { rows: r.rows, affectedRows: r.rowCount ?? undefined };
    },
    async exec(sql) {
      await c.query(sql);
    },
  };
}

const quiet = () => {};

/**
 * Past this many prepared statements a connection is closed after use and
 * the pool opens a fresh one: each shape of query is prepared once per
 * connection, and shapes are the client's to choose.
 */
export const MAX_PREPARED = 500;

type PipelinedClient = pg.PoolClient & {
  connection: { stream: { cork(): void; uncork(): void }; parsedStatements: Record<string, string> };
};

/** A statement's name as a prepared statement: the same text, the same name. */
const preparedName = (sql: string) => `s${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;

/**
 * Statements written to the connection together (one write, one round
 * trip): the client is in pipeline mode, so each is sent as soon as it is
 * queued, and the cork makes them one packet. Those with parameters are
 * prepared statements, parsed and planned once per connection as PostgREST
 * does (half a small read's time on the server, issue 11).
 */
function pipelined(client: pg.PoolClient, statements: Statement[]): Promise<pg.QueryResult>[] {
  const { stream } = (client as PipelinedClient).connection;
  stream.cork();
  try {
    return statements.map(
      (s) =>
        new Promise<pg.QueryResult>((resolve, reject) => {
          // A Query of its own: client.query(config) would copy the config first, property by property.
          const config = s.params ? { name: preparedName(s.sql), text: s.sql, values: s.params as unknown[] } : { text: s.sql };
          client.query(new pg.Query(config, undefined, (e: Error | undefined, r: pg.QueryResult) => (e ? reject(e) : resolve(r))));
        }),
    );
  } finally {
    stream.uncork();
  }
}

const preparedCount = (client: pg.PoolClient) => Object.keys((client as PipelinedClient).connection.parsedStatements).length;

export interface PostgresOptions {
  /** Prepared statements a connection may hold before it is replaced (tests set it low). */
  maxPrepared?: number;
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const maxPrepared = options.maxPrepared ?? MAX_PREPARED;
  // pipeline: a batch's statements go out together, answered in one round trip.
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, connectionTimeoutMillis: POOL_WAIT_MS, pipeline: true });
  // An idle client whose connection drops: the pool removes it; this only
  // keeps Node from treating the event as fatal.
  pool.on('error', (e) => console.warn(`database: an idle connection was lost (${e.message}); the pool replaces it.`));
  // A client in use may emit 'error' too (its connection dropped mid-request):
  // the request's own query fails and releases it as broken.
  pool.on('connect', (client) => client.on('error', quiet));

  async function checkout(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (e) {
      if (isPoolTimeout(e)) throw new PoolTimeoutError();
      throw isConnectionError(e) ? asConnectionFailure(e) : e;
    }
  }

  // Fail at start, with the driver's reason, rather than on the first request.
  (await pool.connect()).release();

  const db: Database = {
    kind: 'postgres',
    async query(sql, params) {
      const client = await checkout();
      try {
        const r = await client.query(sql, params as unknown[] | undefined);
        client.release();
        return { rows: r.rows, affectedRows: r.rowCount ?? undefined };
      } catch (e) {
        const broken = isConnectionError(e);
        client.release(broken ? (e as Error) : undefined);
        throw broken ? asConnectionFailure(e) : e;
      }
    },
    async exec(sql) {
      await db.query(sql);
    },
    async transaction(fn, options = {}) {
      const client = await checkout();
      let broken = false;
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        broken = isConnectionError(e);
        if (!broken) await client.query('rollback').catch(() => (broken = true));
        throw broken ? asConnectionFailure(e) : e;
      } finally {
        // A broken client is destroyed, never handed to the next request.
        client.release(broken || undefined);
      }
    },
    async batch(statements, options = {}) {
      const client = await checkout();
      let broken = false;
      try {
        const sent = pipelined(client, [{ sql: options.readOnly ? 'begin read only' : 'begin' }, ...statements, { sql: 'commit' }]);
        const settled = await Promise.allSettled(sent);
        // After the first failure Postgres skips the rest (25P02) and the
        // COMMIT rolls back: the first failure is the one to report.
        const failure = settled.find((r) => r.status === 'rejected');
        if (failure) {
          broken = isConnectionError(failure.reason);
          throw broken ? asConnectionFailure(failure.reason) : failure.reason;
        }
        const results = settled.slice(1, -1) as PromiseFulfilledResult<pg.QueryResult>[];
        return results.map(({ value: r }) => ({ rows: r.rows, affectedRows: r.rowCount ?? undefined }));
      } finally {
        client.release(broken || preparedCount(client) > maxPrepared || undefined);
      }
    },
    close: () => pool.end(),
  };
  return db;
}
