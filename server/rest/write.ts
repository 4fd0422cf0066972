/**
 * POST (insert / upsert), PATCH (update) and DELETE on a table, with
 * PostgREST's return modes (protocol §1.3–1.5). Rows come from the JSON body
 * through json_populate_record(set), so Postgres converts each value to its
 * column's type exactly as PostgREST's own SQL does.
 */
import type { Queryable } from '../db/database.ts';
import { isObject, type JsonObject } from './body.ts';
import type { ParsedQuery } from './query-ast.ts';
import type { Preferences } from './request-options.ts';
import { contentRange, notSingle } from './response.ts';
import { RestError } from './rest-error.ts';
import type { TableInfo } from './schema-cache.ts';
import { checkColumn, jsonRows, onlyElement, Params, qualifiedTable, quoteIdent, selectListSql, whereSql } from './sql-builder.ts';

export interface WriteOptions {
  prefer: Preferences;
  single: boolean;
}

export interface WriteResult {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

/**
 * The written rows back through the select list, as one JSON text
 * (return=representation). RETURNING names only the columns the select list
 * reads, as PostgREST's does: a role with SELECT on some columns only (the
 * newsletter's tokens are granted to no one) may ask for those back.
 */
function withRepresentation(write: string, table: TableInfo, q: ParsedQuery, params: Params): string {
  const cols = selectListSql(table, q.select, params);
  const star = q.select.some((item) => item.kind === 'star');
  const read = [...new Set(q.select.flatMap((item) => (item.kind === 'field' ? [item.field.column] : [])))];
  const returning = star || read.length === 0 ? '*' : read.map(quoteIdent).join(', ');
  return `with _w as (${write} returning ${returning}) select ${jsonRows('_t')} as body, count(*)::int as n from (select ${cols} from _w) _t`;
}

async function execute(
  tx: Queryable,
  write: string,
  table: TableInfo,
  q: ParsedQuery,
  params: Params,
  opts: WriteOptions,
): Promise<{ n: number; body: string | null }> {
  const representation = opts.prefer.return === 'representation';
  let n: number;
  let body: string | null = null;
  if (representation) {
    const sql = withRepresentation(write, table, q, params);
    const r = await tx.query<{ body: string | null; n: number }>(sql, params.values);
    n = r.rows[0]!.n;
    body = r.rows[0]!.body;
  } else {
    // No RETURNING: with return=minimal the SELECT policy must not be needed, as in PostgREST.
    const r = await tx.query(write, params.values);
    n = r.affectedRows ?? 0;
  }
  // The caller's transaction rolls back on this throw: `.single()` writes all or nothing.
  if (opts.single && n !== 1) throw notSingle(n);
  return { n, body: opts.single && body !== null ? onlyElement(body) : body };
}

function cellsFrom(table: TableInfo, columns: string[], json: string): string {
  const cols = columns.map(quoteIdent).join(', ');
  return `select ${cols} from json_populate_record(null::${qualifiedTable(table)}, ${json})`;
}

function conflictClause(table: TableInfo, columns: string[], q: ParsedQuery, prefer: Preferences): string {
  if (!prefer.resolution) return '';
  const target = q.onConflict ?? table.primaryKey;
  for (const c of target) checkColumn(table, c);
  if (prefer.resolution === 'ignore-duplicates') {
    return target.length ? ` on conflict (${target.map(quoteIdent).join(', ')}) do nothing` : ' on conflict do nothing';
  }
  if (target.length === 0) {
    throw new RestError(400, 'PGRST100', 'on_conflict is required: the table has no primary key');
  }
  const sets = columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ');
  return ` on conflict (${target.map(quoteIdent).join(', ')}) do ${sets ? `update set ${sets}` : 'nothing'}`;
}

export async function runInsert(
  tx: Queryable,
  table: TableInfo,
  q: ParsedQuery,
  rows: JsonObject[],
  columns: string[],
  opts: WriteOptions,
): Promise<WriteResult> {
  const params = new Params();
  const target = qualifiedTable(table);
  const colList = columns.map(quoteIdent).join(', ');
  let write: string;
  if (columns.length === 0) {
    if (rows.length !== 1) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Objects without keys can only be inserted one at a time');
    write = `insert into ${target} default values`;
  } else if (opts.prefer.missingDefault) {
    // Keys missing from an object take the column DEFAULT (Prefer: missing=default).
    const values = rows.map((row) => {
      const json = `${params.raw(JSON.stringify(row))}::json`;
      const cells = columns.map((c) => (c in row ? `(${cellsFrom(table, [c], json)})` : 'default'));
      return `(${cells.join(', ')})`;
    });
    write = `insert into ${target} (${colList}) values ${values.join(', ')}`;
  } else {
    const json = `${params.raw(JSON.stringify(rows))}::json`;
    write = `insert into ${target} (${colList}) select ${colList} from json_populate_recordset(null::${target}, ${json}) _r`;
  }
  write += conflictClause(table, columns, q, opts.prefer);
  const { n, body } = await execute(tx, write, table, q, params, opts);
  return {
    status: 201,
    body,
    headers: { 'Content-Range': `*/${opts.prefer.count ? n : '*'}` },
  };
}

function requireFilters(q: ParsedQuery, verb: 'UPDATE' | 'DELETE'): void {
  // Hosted Supabase loads pg-safeupdate for API requests: no unfiltered bulk writes.
  if (q.filters.length === 0) {
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter to the request, for example ?id=eq.1');
  }
  if (q.limit !== undefined || q.offset !== undefined) {
    throw new RestError(400, 'PGRST100', `limit and offset are not supported on ${verb === 'UPDATE' ? 'PATCH' : 'DELETE'} by the local backend`);
  }
}

function writeResult(n: number, body: string | null, opts: WriteOptions): WriteResult {
  const representation = opts.prefer.return === 'representation';
  return {
    status: representation ? 200 : 204,
    body: representation ? body : null,
    headers: { 'Content-Range': contentRange(0, n, opts.prefer.count ? n : undefined) },
  };
}

export async function runUpdate(
  tx: Queryable,
  table: TableInfo,
  q: ParsedQuery,
  patch: unknown,
  columns: string[],
  opts: WriteOptions,
): Promise<WriteResult> {
  requireFilters(q, 'UPDATE');
  if (!isObject(patch)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object');
  const params = new Params();
  const target = qualifiedTable(table);
  if (columns.length === 0) {
    // Nothing to change: PostgREST answers without touching the table.
    if (opts.single) throw notSingle(0);
    return writeResult(0, '[]', opts);
  }
  const json = `${params.raw(JSON.stringify(patch))}::json`;
  const colList = columns.map(quoteIdent).join(', ');
  const set = columns.length === 1 ? `${colList} = (${cellsFrom(table, columns, json)})` : `(${colList}) = (${cellsFrom(table, columns, json)})`;
  const write = `update ${target} set ${set}${whereSql(table, q.filters, params)}`;
  const { n, body } = await execute(tx, write, table, q, params, opts);
  return writeResult(n, body, opts);
}

export async function runDelete(tx: Queryable, table: TableInfo, q: ParsedQuery, opts: WriteOptions): Promise<WriteResult> {
  requireFilters(q, 'DELETE');
  const params = new Params();
  const write = `delete from ${qualifiedTable(table)}${whereSql(table, q.filters, params)}`;
  const { n, body } = await execute(tx, write, table, q, params, opts);
  return writeResult(n, body, opts);
}
