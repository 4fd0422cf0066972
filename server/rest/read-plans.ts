/**
 * Reads as a URL and its headers ask for them, parsed and turned into SQL
 * once per load of the table's schema: the same few addresses (the settings,
 * the listing's first page, a post that went viral) make most public reads,
 * and parsing their query string and building their SQL again was a twentieth
 * of such a read's time on the event loop (issue 11). Only reads that parsed
 * are kept (a bad one throws its error every time), up to MAX_PLANS per
 * table, emptied when full. Keyed by the schema cache's TableInfo, so a
 * reload (a migration, a new column) starts afresh.
 */
import type { Statement } from '../db/database.ts';
import type { ParsedQuery } from './query-ast.ts';
import { remembered } from '../remembered.ts';
import { parseQuery } from './query-parser.ts';
import { buildReadSql, type ReadOptions } from './read.ts';
import { parseRangeHeader } from './request-options.ts';
import type { TableInfo } from './schema-cache.ts';

/** [api] max_rows of supabase/config.toml: no read returns more rows. */
export const MAX_ROWS = 1000;
const MAX_PLANS = 500;

export interface ReadPlan {
  q: ParsedQuery;
  opts: ReadOptions;
  read: Statement;
}

/** What decides a read's SQL besides its table: the query string and three headers. */
export interface ReadRequest {
  /** The URL's query string, as sent (`?select=*&…`). */
  search: string;
  range: string | undefined;
  single: boolean;
  count: boolean;
}

const plans = new WeakMap<TableInfo, Map<string, ReadPlan>>();

function makePlan(table: TableInfo, request: ReadRequest): ReadPlan {
  const q = parseQuery(new URLSearchParams(request.search));
  if (q.limit === undefined && q.offset === undefined) {
    const range = parseRangeHeader(request.range);
    if (range) {
      q.offset = range.offset;
      if (range.limit !== undefined) q.limit = range.limit;
    }
  }
  const opts = { single: request.single, count: request.count, maxRows: MAX_ROWS };
  return { q, opts, read: buildReadSql(table, q, opts) };
}

/** The plan of this read; callers only read it (it is shared by every request that asks the same). */
export function readPlan(table: TableInfo, request: ReadRequest): ReadPlan {
  let byRequest = plans.get(table);
  if (!byRequest) plans.set(table, (byRequest = new Map()));
  const key = `${request.single ? 's' : 'a'}${request.count ? 'c' : 'n'}${request.range ?? ''}\n${request.search}`;
  return remembered(byRequest, MAX_PLANS, key, () => makePlan(table, request));
}
