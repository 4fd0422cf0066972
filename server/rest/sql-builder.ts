/**
 * ParsedQuery + the table's catalog entry → SQL text and parameters.
 * Identifiers reach the SQL only after they were found in the schema cache,
 * and then double-quoted; values only ever as $n parameters, sent as text and
 * cast by Postgres to the column's type (so a bad literal is Postgres's own
 * 22P02, as with PostgREST).
 */
import type { Condition, Field, Filter, OrderTerm, SelectItem } from './query-ast.ts';
import { RestError } from './rest-error.ts';
import { EXPOSED_SCHEMA, type TableInfo } from './schema-cache.ts';

export function quoteIdent(name: string): string {
  if (name.includes('\0')) throw new RestError(400, 'PGRST100', 'Identifiers may not contain NUL characters');
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualifiedTable(table: TableInfo): string {
  return `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(table.name)}`;
}

/** Rows as one JSON array text, built by Postgres as PostgREST builds it (so every value prints as Postgres prints it). */
export const jsonRows = (item: string) => `coalesce(json_agg(${item}), '[]')::text`;

/**
 * The one element of a one-element array made by jsonRows, exactly as
 * PostgREST's `(json_agg(...) -> 0)::text` cuts it out for a single object:
 * the text between the brackets, without outer whitespace. Cut here rather
 * than in SQL, where `-> 0` makes Postgres parse the array it has just
 * printed (an eighth of a one-row read's time in Postgres, measured).
 */
export const onlyElement = (array: string) => array.slice(1, -1).trim();

/** Collects parameter values and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];

  // Postgres takes at most 65535 parameters; past that its protocol error
  // (08P01) would read as 503 and make clients retry.
  private check(): void {
    if (this.values.length >= 10_000) throw new RestError(400, 'PGRST100', 'Too many values in the query string (at most 10000)');
  }

  /** A text parameter, cast to `type` by Postgres. */
  add(value: string, type?: string): string {
    if (value.includes('\0')) throw new RestError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    this.check();
    this.values.push(value);
    const p = `$${this.values.length}::text`;
    return type && type !== 'text' ? `${p}::${type}` : p;
  }

  raw(value: unknown): string {
    this.check();
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function unknownColumn(table: TableInfo, column: string): RestError {
  // PostgREST lets Postgres say this (42703); we check first, with the same words.
  return new RestError(400, '42703', `column ${table.name}.${column} does not exist`);
}

export function checkColumn(table: TableInfo, column: string): string {
  const info = table.columns.get(column);
  if (!info) throw unknownColumn(table, column);
  return info.type;
}

/** A field as SQL, and the type its values compare as. */
export function fieldSql(table: TableInfo, field: Field, params: Params): { sql: string; type: string } {
  const columnType = checkColumn(table, field.column);
  let sql = quoteIdent(field.column);
  let type = columnType;
  for (const step of field.path) {
    // A numeric key indexes an array, as in PostgREST.
    const key = /^-?\d+$/.test(step.key) ? `${params.raw(Number(step.key))}::int` : params.add(step.key);
    sql += `${step.arrow}${key}`;
    type = step.arrow === '->>' ? 'text' : columnType;
  }
  return { sql, type };
}

/** The select list; output keys follow PostgREST (alias, else the column, else the last JSON key). */
export function selectListSql(table: TableInfo, items: SelectItem[], params: Params): string {
  return items
    .map((item) => {
      if (item.kind === 'star') return '*';
      const { sql } = fieldSql(table, item.field, params);
      const name = item.alias ?? item.field.path.at(-1)?.key ?? item.field.column;
      return `${item.cast ? `(${sql})::${item.cast}` : sql} as ${quoteIdent(name)}`;
    })
    .join(', ');
}

const COMPARE: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=',
  like: 'like', ilike: 'ilike', match: '~', imatch: '~*', cs: '@>', cd: '<@', ov: '&&',
};
const TS_QUERY: Record<string, string> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};

function conditionSql(table: TableInfo, c: Condition, params: Params): string {
  const { sql: f, type } = fieldSql(table, c.field, params);
  let sql: string;
  const value = c.value;
  if (c.op === 'is') {
    sql = value === 'not_null' ? `${f} is not null` : `${f} is ${value as string}`;
  } else if (c.op === 'in') {
    const list = value as string[];
    sql = list.length === 0 ? 'false' : `${f} in (${list.map((v) => params.add(v, type)).join(', ')})`;
  } else if (c.op === 'isdistinct') {
    sql = `${f} is distinct from ${params.add(value as string, type)}`;
  } else if (c.op in TS_QUERY) {
    const lang = c.language ? `${params.add(c.language)}::regconfig, ` : '';
    sql = `${f} @@ ${TS_QUERY[c.op]}(${lang}${params.add(value as string)})`;
  } else if (c.op === 'like' || c.op === 'ilike') {
    // `*` is PostgREST's URL-friendly alias for `%`.
    sql = `${f} ${COMPARE[c.op]} ${params.add((value as string).replaceAll('*', '%'))}`;
  } else if (c.op === 'match' || c.op === 'imatch') {
    sql = `${f} ${COMPARE[c.op]} ${params.add(value as string)}`;
  } else {
    sql = `${f} ${COMPARE[c.op]} ${params.add(value as string, type)}`;
  }
  return c.negate ? `not (${sql})` : sql;
}

export function filterSql(table: TableInfo, filter: Filter, params: Params): string {
  if (filter.kind === 'condition') return conditionSql(table, filter, params);
  const inner = filter.children.map((child) => `(${filterSql(table, child, params)})`).join(` ${filter.op} `);
  return filter.negate ? `not (${inner})` : inner;
}

export function whereSql(table: TableInfo, filters: Filter[], params: Params): string {
  if (filters.length === 0) return '';
  return ' where ' + filters.map((f) => `(${filterSql(table, f, params)})`).join(' and ');
}

export function orderSql(table: TableInfo, terms: OrderTerm[], params: Params): string {
  if (terms.length === 0) return '';
  const parts = terms.map((t) => {
    const { sql } = fieldSql(table, t.field, params);
    return `${sql}${t.direction ? ` ${t.direction}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
  });
  return ' order by ' + parts.join(', ');
}
