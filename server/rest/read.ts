/** GET and HEAD on a table: the read path of PostgREST (protocol §1.4). */
import type { ParsedQuery } from './query-ast.ts';
import { contentRange, notSingle } from './response.ts';
import { RestError } from './rest-error.ts';
import type { TableInfo } from './schema-cache.ts';
import { jsonRows, onlyElement, orderSql, Params, qualifiedTable, selectListSql, whereSql } from './sql-builder.ts';

export interface ReadOptions {
  single: boolean;
  count: boolean;
  /** db-max-rows: Supabase's [api] max_rows caps every read. */
  maxRows: number;
}

export interface ReadResult {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export function buildReadSql(table: TableInfo, q: ParsedQuery, opts: ReadOptions): { sql: string; params: unknown[] } {
  const params = new Params();
  const from = qualifiedTable(table);
  const cols = selectListSql(table, q.select, params);
  const where = whereSql(table, q.filters, params);
  const order = orderSql(table, q.order, params);
  const limit = Math.min(q.limit ?? opts.maxRows, opts.maxRows);
  // limit and offset are checked whole numbers, so they may be printed.
  const page = ` limit ${limit}${q.offset ? ` offset ${q.offset}` : ''}`;
  const total = opts.count ? `, (select count(*) from ${from}${where})::int as total` : '';
  const sql = `select ${jsonRows('_t')} as body, count(*)::int as n${total} from (select ${cols} from ${from}${where}${order}${page}) _t`;
  return { sql, params: params.values };
}

export interface ReadRow {
  [column: string]: unknown;
  body: string | null;
  n: number;
  total?: number;
}

/** The answer to a read from the one row buildReadSql's statement returns. */
export function readResult(row: ReadRow, q: ParsedQuery, opts: ReadOptions): ReadResult {
  const offset = q.offset ?? 0;
  const total = opts.count ? Number(row.total) : undefined;
  if (opts.single && row.n !== 1) throw notSingle(row.n);
  if (total !== undefined && offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`, null,
      { 'Content-Range': `*/${total}` });
  }
  const status = total !== undefined && row.n < total ? 206 : 200;
  return { status, body: opts.single ? onlyElement(row.body!) : (row.body ?? '[]'), headers: { 'Content-Range': contentRange(offset, row.n, total) } };
}
