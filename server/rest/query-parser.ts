/**
 * PostgREST's query-string grammar (protocol §1.2) → ParsedQuery. Pure: no
 * catalog access here; names are checked against the schema cache when SQL is
 * built. Errors are PostgREST's PGRST100 ("failed to parse …").
 */
import {
  OPERATORS,
  type Condition,
  type Field,
  type Filter,
  type JsonStep,
  type Operator,
  type OrderTerm,
  type ParsedQuery,
  type SelectItem,
} from './query-ast.ts';
import { parseError, RestError } from './rest-error.ts';

/** Parameters with a meaning of their own; every other key is a filter on a column. */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'or', 'and', 'not.or', 'not.and']);

/** Splits on `sep` at depth 0, outside double quotes (with backslash escapes inside them). */
export function splitTopLevel(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === sep && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out;
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

/** Reads a name (quoted or bare) at `pos`; bare names stop at any of `stops`. */
function readName(s: string, pos: number, stops: string): { name: string; end: number } {
  if (s[pos] === '"') {
    let i = pos + 1;
    let name = '';
    while (i < s.length && s[i] !== '"') {
      if (s[i] === '\\') i++;
      name += s[i] ?? '';
      i++;
    }
    if (i >= s.length) throw parseError(`"failed to parse ${s}" (unterminated quote)`);
    return { name, end: i + 1 };
  }
  let i = pos;
  while (i < s.length && !stops.includes(s[i]!) && !s.startsWith('->', i)) i++;
  return { name: s.slice(pos, i), end: i };
}

/** `col`, `"my col"`, `data->a->>b` starting at `pos`; stops before `.`, `,`, `:`, `(`, `)`. */
export function readField(s: string, pos = 0): { field: Field; end: number } {
  const stops = '.,:()';
  const { name: column, end } = readName(s, pos, stops);
  if (!column) throw parseError(`"failed to parse ${s}"`, 'expecting a column name');
  const path: JsonStep[] = [];
  let i = end;
  while (s.startsWith('->', i)) {
    const arrow = s.startsWith('->>', i) ? '->>' : '->';
    i += arrow.length;
    const key = readName(s, i, stops);
    if (!key.name) throw parseError(`"failed to parse ${s}"`, 'expecting a JSON key after ' + arrow);
    path.push({ arrow, key: key.name });
    i = key.end;
  }
  return { field: { column, path }, end: i };
}

function wholeField(s: string): Field {
  const { field, end } = readField(s);
  if (end !== s.length) throw parseError(`"failed to parse ${s}"`, `unexpected "${s.slice(end)}"`);
  return field;
}

// ---- select ---------------------------------------------------------------

// No spaces: a cast is pasted after '::', so it must be one bare type name.
const CAST = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/;

function parseSelectItem(raw: string): SelectItem {
  const item = raw.trim();
  if (item === '*') return { kind: 'star' };
  if (/\(.*\)$/.test(item) || item.startsWith('...')) {
    if (/(^|\.)(count|sum|avg|min|max)\(\)/.test(item)) {
      throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    }
    // Resource embedding needs foreign keys between exposed tables; this product has none.
    throw new RestError(400, 'PGRST200', `Could not find a relationship for '${item}' in the schema cache`, 'The local backend does not support resource embedding.');
  }
  let rest = item;
  let alias: string | undefined;
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:"]+):(?!:)/.exec(rest);
  if (aliasMatch) {
    alias = unquote(aliasMatch[1]!);
    rest = rest.slice(aliasMatch[0].length);
  }
  let cast: string | undefined;
  const castAt = rest.lastIndexOf('::');
  if (castAt > 0) {
    cast = rest.slice(castAt + 2);
    rest = rest.slice(0, castAt);
    if (!CAST.test(cast)) throw parseError(`"failed to parse select parameter (${item})"`, `invalid cast type "${cast}"`);
  }
  const field = wholeField(rest);
  return { kind: 'field', field, ...(alias !== undefined && { alias }), ...(cast !== undefined && { cast }) };
}

export function parseSelect(value: string | null): SelectItem[] {
  if (value === null || value.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(value).map((s) => {
    if (s.trim() === '') throw parseError(`"failed to parse select parameter (${value})"`, 'empty item');
    return parseSelectItem(s);
  });
}

// ---- filters --------------------------------------------------------------

function filterError(text: string, details: string): RestError {
  return parseError(`"failed to parse filter (${text})" (line 1, column 1)`, details);
}

function parseInList(raw: string, text: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw filterError(text, 'expecting a list in parentheses: in.(a,b)');
  const inner = raw.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map(unquote);
}

/** `[not.]op[(lang)].value` → a condition on `field`. `inTree`: values may be double-quoted. */
export function parseOperation(field: Field, text: string, inTree = false): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([A-Za-z_][A-Za-z0-9_]*)\))?\./.exec(rest);
  const opName = m?.[1] ?? rest;
  if (!m || !(OPERATORS as readonly string[]).includes(opName)) {
    throw filterError(text, `unknown operator "${opName}"; expecting not or one of ${OPERATORS.join(', ')}`);
  }
  const op = opName as Operator;
  const language = m[2];
  if (language && !['fts', 'plfts', 'phfts', 'wfts'].includes(op)) throw filterError(text, `"${op}" takes no language`);
  const raw = rest.slice(m[0].length);
  let value: string | string[];
  if (op === 'in') value = parseInList(raw, text);
  else if (op === 'is') {
    value = raw.toLowerCase();
    if (!['null', 'true', 'false', 'unknown', 'not_null'].includes(value)) {
      throw filterError(text, 'expecting null, not_null, true, false or unknown after is.');
    }
  } else value = inTree ? unquote(raw) : raw;
  return { kind: 'condition', field, negate, op, value, ...(language && { language }) };
}

/** Deeper and/or nesting than any real filter needs; past it, a 400 instead of a stack overflow. */
export const MAX_LOGIC_DEPTH = 32;

/** Parses `(a.eq.1,and(b.gt.2,c.lt.3))`, the value of or= / and=. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, value: string, depth = 1): Filter {
  if (depth > MAX_LOGIC_DEPTH) {
    throw parseError(`"failed to parse logic tree" (line 1, column 1)`, `and/or nested deeper than ${MAX_LOGIC_DEPTH} levels`);
  }
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${value})" (line 1, column 1)`, 'expecting a list in parentheses');
  }
  const children = splitTopLevel(value.slice(1, -1)).map((term): Filter => {
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(term);
    if (nested) return parseLogicTree(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3]!, depth + 1);
    const { field, end } = readField(term);
    if (term[end] !== '.') {
      throw parseError(`"failed to parse logic tree (${value})" (line 1, column 1)`, `expecting "." after the column in "${term}"`);
    }
    return parseOperation(field, term.slice(end + 1), true);
  });
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${value})"`, 'empty list');
  return { kind: 'logic', op, negate, children };
}

// ---- order ----------------------------------------------------------------

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((term) => {
    const { field, end } = readField(term);
    const term0: OrderTerm = { field };
    const mods = term.slice(end).split('.').filter((x, i) => !(i === 0 && x === ''));
    for (const mod of mods) {
      if ((mod === 'asc' || mod === 'desc') && !term0.direction && !term0.nulls) term0.direction = mod;
      else if ((mod === 'nullsfirst' || mod === 'nullslast') && !term0.nulls) term0.nulls = mod === 'nullsfirst' ? 'first' : 'last';
      else throw parseError(`"failed to parse order (${value})" (line 1, column 1)`, `unexpected "${mod}"; expecting asc, desc, nullsfirst or nullslast`);
    }
    return term0;
  });
}

// ---- the whole query ------------------------------------------------------

function parseCount(name: string, value: string): number {
  // At most 15 digits, so the number prints back as digits (it is pasted into LIMIT/OFFSET).
  if (!/^\d{1,15}$/.test(value)) throw parseError(`"failed to parse ${name} parameter (${value})"`, 'expecting a whole number');
  return Number(value);
}

function parseNameList(value: string): string[] {
  return splitTopLevel(value).map((s) => unquote(s.trim()));
}

/**
 * Parses a table request's query string. `skip` holds parameter names the
 * caller consumes itself (rpc arguments on GET).
 */
export function parseQuery(params: URLSearchParams, skip: ReadonlySet<string> = new Set()): ParsedQuery {
  const q: ParsedQuery = { select: parseSelect(params.get('select')), filters: [], order: [] };
  for (const [key, value] of params) {
    if (skip.has(key)) continue;
    switch (key) {
      case 'select':
        break;
      case 'order':
        q.order.push(...parseOrder(value));
        break;
      case 'limit':
        q.limit = parseCount('limit', value);
        break;
      case 'offset':
        q.offset = parseCount('offset', value);
        break;
      case 'columns':
        q.columns = parseNameList(value);
        break;
      case 'on_conflict':
        q.onConflict = parseNameList(value);
        break;
      case 'or':
      case 'and':
      case 'not.or':
      case 'not.and':
        q.filters.push(parseLogicTree(key.endsWith('or') ? 'or' : 'and', key.startsWith('not.'), value));
        break;
      default: {
        const { field, end } = readField(key);
        if (end !== key.length) {
          // `author.name=eq.x`, `author.order=…`: filters on an embedded resource.
          const resource = key.slice(0, key.indexOf('.'));
          throw new RestError(400, 'PGRST108', `'${resource}' is not an embedded resource in this request`, null,
            `Verify that '${resource}' is included in the 'select' query parameter.`);
        }
        q.filters.push(parseOperation(field, value));
      }
    }
  }
  return q;
}
