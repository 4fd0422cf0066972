/*
 * What both pipelines (pglite-pipeline.mjs for PGlite, pg-batch.ts for
 * PostgreSQL) send: the statements in order, after one statement that makes
 * the batch READ ONLY and its settings when it has them, each with its
 * parameters as text and the name it is prepared under.
 * Plain JavaScript so PGlite's worker thread loads it as it is.
 */
import { createHash } from 'node:crypto';

/**
 * A batch's shape beyond its statements (TransactionOptions in database.ts).
 * @typedef {ReadonlyArray<readonly [string, string]>} Settings
 * @typedef {{ readOnly?: boolean, settings?: Settings }} BatchShape
 */

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

/**
 * Transaction-local settings, in order: `set_config(name, value, true)` for
 * each, in one statement.
 * @param {Settings} settings
 * @returns {{ sql: string, params: string[] }}
 */
export function settingsStatement(settings) {
  return { sql: preambleSql(settings.length, false), params: settingsParams(settings) };
}

/**
 * The settings' names and values in order, as set_config's parameters.
 * @param {Settings} settings
 */
function settingsParams(settings) {
  const params = new Array(2 * settings.length);
  for (let i = 0; i < settings.length; i++) {
    params[2 * i] = settings[i][0];
    params[2 * i + 1] = settings[i][1];
  }
  return params;
}

/**
 * What a batch sends before its statements, as one statement: READ ONLY
 * first (a write after it fails with 25006), then the settings. One
 * statement, not one each: every statement is another Bind, Execute and
 * answer on both sides, and on PostgreSQL a separate `set transaction read
 * only` cost a tenth of a small read's throughput (issue 11, decision 140).
 * Always prepared (params, even none), as its text only varies with how many
 * settings there are.
 * @param {BatchShape} options
 * @returns {{ sql: string, params: string[] } | undefined}
 */
function preamble(options) {
  if (!hasPreamble(options)) return undefined;
  const settings = options.settings ?? [];
  return { sql: preambleSql(settings.length, Boolean(options.readOnly)), params: settingsParams(settings) };
}

/** @type {Map<string, string>} */
const preambles = new Map();

/**
 * @param {number} count
 * @param {boolean} readOnly
 */
function preambleSql(count, readOnly) {
  const shape = `${count}${readOnly ? 'r' : 'w'}`;
  let sql = preambles.get(shape);
  if (sql === undefined) {
    const calls = Array.from({ length: count }, (_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
    if (readOnly) calls.unshift(`set_config('transaction_read_only', 'on', true)`);
    // No columns back: the values set (claims, headers) would only be sent back and parsed for nothing.
    sql = `select from (select ${calls.join(', ')}) as settings`;
    preambles.set(shape, sql);
  }
  return sql;
}

/** @type {Map<string, string>} */
const names = new Map();

/**
 * The name a statement is prepared under, remembered: a sha1 per statement
 * per request showed in the profile. Bounded as the connections' prepared
 * statements are (past that many shapes, hashed again).
 * @param {string} sql
 */
function nameOf(sql) {
  let name = names.get(sql);
  if (name === undefined) {
    if (names.size >= 1000) names.clear();
    name = preparedName(sql);
    names.set(sql, name);
  }
  return name;
}

/**
 * The statements a pipeline sends, in order: the preamble if any, then the
 * caller's, each with the name it is prepared under ('' for the unnamed
 * statement, when it has no parameters) and whether the connection holds it
 * already (no Parse then).
 * @param {{ sql: string, params?: unknown[] }[]} statements
 * @param {BatchShape} options
 * @param {Set<string>} prepared the names the connection holds
 */
export function pipelineStatements(statements, options, prepared) {
  const first = preamble(options);
  const all = first ? [first, ...statements] : statements;
  // One object shape for every statement sent, whatever the caller's had.
  return all.map(({ sql, params }) => {
    const name = params ? nameOf(sql) : '';
    return { sql, params, name, prepared: name !== '' && prepared.has(name) };
  });
}

/**
 * The callers' results: without the preamble's.
 * @template T
 * @param {T[]} results
 * @param {BatchShape} options
 */
export const callersResults = (results, options) => (hasPreamble(options) ? results.slice(1) : results);

/** @param {BatchShape} options */
const hasPreamble = ({ readOnly, settings }) => Boolean(readOnly || settings?.length);
