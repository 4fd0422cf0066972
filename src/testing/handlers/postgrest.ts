import { HttpResponse } from 'msw';

/**
 * Just enough of PostgREST for the msw handlers: `col=eq.value`,
 * `col=neq.value`, `col=in.(a,b)` (plain values), `col=ilike.%text%` (a
 * backslash makes the next character itself) and `col=gt.value` (gte, lt,
 * lte; timestamps compared as instants) filters, `or=(a.op.v,b.op."v")`
 * of those, `order=a.desc,b.asc`, `limit`/`offset`, the
 * Content-Range header (with the total under `Prefer: count=exact`), HEAD,
 * and the 406 PGRST116 answer a `.single()` gets when no row matches.
 */
type Row = Record<string, unknown>;

function likeToRegExp(pattern: string): RegExp {
  const source = pattern.replace(/\\(.)|([%*])|(_)|(.)/gs, (_, escaped?: string, many?: string, one?: string, plain?: string) =>
    many ? '.*' : one ? '.' : (escaped ?? plain ?? '').replace(/[.+?^${}()|[\]\\*]/g, '\\$&'));
  return new RegExp(`^${source}$`, 'is');
}

/** Two timestamps as instants (their texts differ: +00:00 or Z, with or without milliseconds); other values as text. */
function compare(a: unknown, b: string): number {
  const [x, y] = [Date.parse(String(a)), Date.parse(b)];
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a).localeCompare(b);
}

const COMPARISONS: Record<string, (cmp: number) => boolean> = {
  gt: (c) => c > 0,
  gte: (c) => c >= 0,
  lt: (c) => c < 0,
  lte: (c) => c <= 0,
};

function matches(row: Row, column: string, expr: string): boolean {
  const [op = '', ...rest] = expr.split('.');
  const comparison = COMPARISONS[op];
  if (comparison) return comparison(compare(row[column], rest.join('.')));
  if (expr.startsWith('eq.')) return String(row[column]) === expr.slice(3);
  if (expr.startsWith('neq.')) return String(row[column]) !== expr.slice(4);
  if (expr.startsWith('in.(') && expr.endsWith(')')) return expr.slice(4, -1).split(',').includes(String(row[column]));
  if (expr.startsWith('ilike.')) return likeToRegExp(expr.slice(6)).test(String(row[column] ?? ''));
  return true;
}

/** `(a.op.v,b.op."v, quoted")`: each term's column and expression, a quoted value unescaped. */
function orTerms(list: string): { column: string; expr: string }[] {
  const terms = list.slice(1, -1).match(/(?:[^,"]|"(?:\\.|[^"\\])*")+/g) ?? [];
  return terms.map((term) => {
    const [column = '', op = ''] = term.split('.', 2);
    const value = term.slice(column.length + op.length + 2);
    const unquoted = /^".*"$/s.test(value) ? value.slice(1, -1).replace(/\\(.)/gs, '$1') : value;
    return { column, expr: `${op}.${unquoted}` };
  });
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset']);

/** The rows a query's filters and order select (paging is pgrstAnswer's). */
export function selectRows<T extends Row>(rows: T[], url: URL): T[] {
  const result = rows.filter((row) =>
    [...url.searchParams].every(([column, expr]) =>
      RESERVED.has(column) || (column === 'or' ? orTerms(expr).some((t) => matches(row, t.column, t.expr)) : matches(row, column, expr))),
  );
  const order = url.searchParams.get('order');
  if (!order) return result;
  const terms = order.split(',').map((term) => {
    const [column = '', direction] = term.split('.');
    return { column, sign: direction === 'desc' ? -1 : 1 };
  });
  return [...result].sort((a, b) => {
    for (const { column, sign } of terms) {
      const cmp = String(a[column]).localeCompare(String(b[column]));
      if (cmp !== 0) return sign * cmp;
    }
    return 0;
  });
}

const wantsSingle = (request: Request) =>
  (request.headers.get('accept') ?? '').startsWith('application/vnd.pgrst.object+json');

/** Answers with `rows` (already selected) as PostgREST would: paged by limit/offset, counted when asked. */
export function pgrstAnswer(request: Request, rows: Row[]) {
  if (wantsSingle(request)) {
    if (rows.length === 1) return HttpResponse.json(rows[0]);
    return pgrstError(406, {
      code: 'PGRST116',
      details: `The result contains ${rows.length} rows`,
      hint: null,
      message: 'JSON object requested, multiple (or no) rows returned',
    });
  }
  const url = new URL(request.url);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : rows.length;
  const page = rows.slice(offset, offset + limit);
  const total = (request.headers.get('prefer') ?? '').includes('count=exact') ? String(rows.length) : '*';
  const range = page.length ? `${offset}-${offset + page.length - 1}/${total}` : `*/${total}`;
  if (request.method === 'HEAD') return new HttpResponse(null, { headers: { 'Content-Range': range } });
  return HttpResponse.json(page, { headers: { 'Content-Range': range } });
}

export function pgrstError(status: number, body: { code: string; message: string; details?: string | null; hint?: string | null }) {
  return HttpResponse.json({ details: null, hint: null, ...body }, { status });
}
