/**
 * Statements known in advance, sent to PGlite as one pipeline: Parse, Bind,
 * Describe and Execute for each, then a single Sync, in one call into
 * Postgres. Outside BEGIN, Postgres runs everything before the Sync as one
 * implicit transaction, committed at the Sync and rolled back whole when a
 * statement fails (the rest are skipped), so `set_config(…, true)` of the
 * first statement holds for the later ones and ends with them, as in
 * PostgREST's pipelined requests. PGlite's own query() makes five calls and
 * a transaction adds two more; this is one (issue 11 measured ×2 on a read).
 *
 * Statements with parameters are prepared once and planned once, as
 * PostgREST prepares its statements (a REST read's plan, with its policies,
 * costs Postgres more than running it). The names in use are remembered per
 * database; past MAX_PREPARED shapes they are all deallocated and prepared
 * again as they come.
 *
 * Parameters go as text, typed by the statement (`$1::text`, `$2::int`), as
 * every statement of the REST layer types them. Plain JavaScript so the
 * worker thread (pglite-worker.mjs) and the in-memory database share it.
 */
import { parse, protocol } from '@electric-sql/pglite';
import { asText, callersResults, pipelineStatements } from './prepared.mjs';

export const MAX_PREPARED = 500;

/** @type {WeakMap<object, Set<string>>} */
const preparedBy = new WeakMap();


/**
 * @param {import('@electric-sql/pglite').PGlite} pg
 * @param {{ sql: string, params?: unknown[] }[]} statements
 * @param {import('./prepared.mjs').BatchShape} [options]
 * @returns {Promise<{ rows: Record<string, unknown>[], affectedRows: number }[]>}
 */
export async function runPipeline(pg, statements, options = {}) {
  const { serialize } = protocol;
  let prepared = preparedBy.get(pg);
  if (!prepared) preparedBy.set(pg, (prepared = new Set()));
  const sent = pipelineStatements(statements, options, prepared);
  const parts = [];
  for (const s of sent) {
    if (!s.prepared) parts.push(serialize.parse({ text: s.sql, name: s.name }));
    parts.push(serialize.bind({ statement: s.name, values: (s.params ?? []).map(asText) }));
    parts.push(serialize.describe({ type: 'P' }));
    parts.push(serialize.execute({}));
  }
  parts.push(serialize.sync());
  const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    message.set(p, offset);
    offset += p.length;
  }
  // Exclusive: no query() of PGlite's may interleave with the pipeline.
  return pg.runExclusive(async () => {
    let messages;
    try {
      ({ messages } = await pg.execProtocol(message));
    } catch (e) {
      // Statements after the failing one were skipped, parsed or not: ask Postgres which exist.
      await syncPrepared(pg, prepared);
      throw e;
    }
    for (const s of sent) if (s.name) prepared.add(s.name);
    if (prepared.size > MAX_PREPARED) {
      await pg.execProtocol(serialize.query('deallocate all'));
      prepared.clear();
    }
    const results = parse.parseResults(messages, pg.parsers).map((r) => ({ rows: r.rows, affectedRows: r.affectedRows ?? 0 }));
    return callersResults(results, options);
  });
}

/**
 * @param {import('@electric-sql/pglite').PGlite} pg
 * @param {Set<string>} prepared
 */
async function syncPrepared(pg, prepared) {
  const { messages } = await pg.execProtocol(protocol.serialize.query('select name from pg_prepared_statements'));
  prepared.clear();
  for (const row of parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) prepared.add(/** @type {string} */ (row.name));
}
