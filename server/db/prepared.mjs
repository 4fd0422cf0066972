/*
 * What both pipelines (pglite-pipeline.mjs, pg-batch.ts) send for a
 * statement: its parameters as text, and the name it is prepared under.
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
