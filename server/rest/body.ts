/** Request bodies: JSON only, checked before any SQL runs (PGRST102, PGRST204). */
import { deeperThan, MAX_JSON_DEPTH } from '../json-depth.ts';
import { RestError } from './rest-error.ts';
import type { TableInfo } from './schema-cache.ts';

export type JsonObject = Record<string, unknown>;

export function invalidBody(details: string | null = null): RestError {
  return new RestError(400, 'PGRST102', 'Empty or invalid json', details);
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') throw invalidBody();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw invalidBody(e instanceof Error ? e.message : null);
  }
  if (deeperThan(value)) throw invalidBody(`The JSON nests deeper than ${MAX_JSON_DEPTH} levels.`);
  return value;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One object or an array of objects (an insert). */
export function bodyRows(body: unknown): JsonObject[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) throw invalidBody('Expected a JSON object or an array of JSON objects');
  return rows;
}

export function missingColumn(table: TableInfo, column: string): RestError {
  return new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`);
}

/** The columns a write names: `columns=` when given, else the keys of the objects; each must exist. */
export function writeColumns(table: TableInfo, rows: JsonObject[], columns: string[] | undefined): string[] {
  const names = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const name of names) if (!table.columns.has(name)) throw missingColumn(table, name);
  return names;
}
