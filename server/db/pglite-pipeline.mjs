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
 * Parameters go as text, typed by the statement (`$1::text`, `$2::int`), as
 * every statement of the REST layer types them. Plain JavaScript so the
 * worker thread (pglite-worker.mjs) and the in-memory database share it.
 */
import { parse, protocol } from '@electric-sql/pglite';

/** @param {unknown} value */
function asText(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * @param {import('@electric-sql/pglite').PGlite} pg
 * @param {{ sql: string, params?: unknown[] }[]} statements
 * @param {{ readOnly?: boolean }} [options]
 * @returns {Promise<{ rows: Record<string, unknown>[], affectedRows: number }[]>}
 */
export async function runPipeline(pg, statements, options = {}) {
  const { serialize } = protocol;
  // A read-only batch says so first, as PostgREST does: a write in it fails with 25006.
  const all = options.readOnly ? [{ sql: 'set transaction read only' }, ...statements] : statements;
  const parts = [];
  for (const s of all) {
    parts.push(serialize.parse({ text: s.sql }));
    parts.push(serialize.bind({ values: (s.params ?? []).map(asText) }));
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
  const { messages } = await pg.runExclusive(() => pg.execProtocol(message));
  const results = parse.parseResults(messages, pg.parsers).map((r) => ({ rows: r.rows, affectedRows: r.affectedRows ?? 0 }));
  return options.readOnly ? results.slice(1) : results;
}
