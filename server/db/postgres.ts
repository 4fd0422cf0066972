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
import pg from 'pg';
import { listenForContent } from './content-notices.ts';
import { mayWrite, type Database, type PgError, type Queryable } from './database.ts';
import { isServerError, PipelinedBatch, type RowShape } from './pg-batch.ts';
import { callersResults, pipelineStatements } from './prepared.mjs';

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

/** The prepared statements each connection holds, by name. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
/** How the rows of the prepared statements each connection has described read, by name. */
const describedOn = new WeakMap<pg.PoolClient, Map<string, RowShape>>();

export interface PostgresOptions {
  /** Prepared statements a connection may hold before it is replaced (tests set it low). */
  maxPrepared?: number;
  /** Listen to the content version's notices on a connection of its own (content-notices.ts); off for one-shot tools. */
  listen?: boolean;
}

export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Database> {
  const maxPrepared = options.maxPrepared ?? MAX_PREPARED;
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, connectionTimeoutMillis: POOL_WAIT_MS });
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
  const notices = options.listen === false ? undefined : listenForContent(connectionString);
  // Counted when a write finishes, so a page cache that read the version
  // meanwhile reads it again; the notice of it comes a moment later.
  const wrote = () => notices?.wrote();

  const db: Database = {
    kind: 'postgres',
    get contentChanges() {
      return notices?.changes;
    },
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
      } finally {
        if (mayWrite(sql)) wrote();
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
        if (!options.readOnly) wrote();
      }
    },
    async batch(statements, options = {}) {
      const client = await checkout();
      let prepared = preparedOn.get(client);
      if (!prepared) preparedOn.set(client, (prepared = new Set()));
      let described = describedOn.get(client);
      if (!described) describedOn.set(client, (described = new Map()));
      const sent = pipelineStatements(statements, options, prepared);
      let broken = false;
      try {
        const batch = new PipelinedBatch(sent, described);
        client.query(batch as unknown as pg.QueryConfig);
        const results = await batch.done;
        for (const s of sent) if (s.name) prepared.add(s.name);
        return callersResults(results, options);
      } catch (e) {
        broken = !isServerError(e) || isConnectionError(e);
        // Which statements were parsed before the failure is not told: ask.
        if (!broken) {
          await client
            .query<{ name: string }>('select name from pg_prepared_statements')
            .then((r) => {
              prepared.clear();
              for (const row of r.rows) prepared.add(row.name);
            })
            .catch(() => (broken = true));
        }
        throw broken ? asConnectionFailure(e) : e;
      } finally {
        // A broken client is destroyed, never handed to the next request.
        client.release(broken || prepared.size > maxPrepared || undefined);
        if (!options.readOnly) wrote();
      }
    },
    close: async () => {
      await notices?.close();
      await pool.end();
    },
  };
  return db;
}
