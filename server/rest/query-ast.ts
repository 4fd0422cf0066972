/** The parsed form of a PostgREST query string (protocol §1.2), before any SQL. */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, optionally followed by a JSON path: `data->tags->>0`. */
export interface Field {
  column: string;
  path: JsonStep[];
}

export type SelectItem = { kind: 'star' } | { kind: 'field'; field: Field; alias?: string; cast?: string };

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch',
  'in', 'is', 'isdistinct', 'cs', 'cd', 'ov', 'fts', 'plfts', 'phfts', 'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  kind: 'condition';
  field: Field;
  negate: boolean;
  op: Operator;
  /** A list for `in`, the keyword for `is`, else the text after the operator. */
  value: string | string[];
  /** Text search configuration: `fts(english).word`. */
  language?: string;
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ParsedQuery {
  select: SelectItem[];
  /** ANDed together, like repeated query parameters. */
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** `columns=` of an insert. */
  columns?: string[];
  /** `on_conflict=` of an upsert. */
  onConflict?: string[];
}
