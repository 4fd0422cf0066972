/*
 * What both pipelines (pglite-pipeline.mjs for PGlite, pg-batch.ts for
 * PostgreSQL) send: the statements in order (a read-only batch says so
 * first), each with its parameters as text and the name it is prepared under.
 * Plain JavaScript so PGlite's worker thread loads it as it is.
 */
import { createHash } from 'node:crypto';

/**
 * A parameter as text, typed by the statement (`$1::text::uuid`), as every
 * statement of the REST layer types them.
 * @param {unknown} value
 * @returns {string | null}
 */
export function asText(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The same text, the same name, on any connection.
 * @param {string} sql
 */
export const preparedName = (sql) => `s${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;

/** A read-only batch says so first, as PostgREST does: a write in it fails with 25006. */
const READ_ONLY = { sql: 'set transaction read only' };

/**
 * The statements a pipeline sends, in order: each with the name it is
 * prepared under ('' for the unnamed statement, when it has no parameters)
 * and whether the connection holds it already (no Parse then).
 * @param {{ sql: string, params?: unknown[] }[]} statements
 * @param {boolean | undefined} readOnly
 * @param {Set<string>} prepared the names the connection holds
 */
export function pipelineStatements(statements, readOnly, prepared) {
  return (readOnly ? [READ_ONLY, ...statements] : statements).map((s) => {
    const name = s.params ? preparedName(s.sql) : '';
    return { ...s, name, prepared: name !== '' && prepared.has(name) };
  });
}

/**
 * The callers' results: without the read-only statement's.
 * @template T
 * @param {T[]} results
 * @param {boolean | undefined} readOnly
 */
export const callersResults = (results, readOnly) => (readOnly ? results.slice(1) : results);
