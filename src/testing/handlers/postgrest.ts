import { HttpResponse } from 'msw';

/**
 * Just enough of PostgREST for the msw handlers: `col=eq.value` filters,
 * `order=col.asc|desc`, the Content-Range header of list answers, and the
 * 406 PGRST116 answer a `.single()` gets when no row matches.
 */
type Row = Record<string, unknown>;

export function selectRows<T extends Row>(rows: T[], url: URL): T[] {
  let result = rows.filter((row) =>
    [...url.searchParams].every(([column, expr]) => {
      if (column === 'select' || column === 'order' || !expr.startsWith('eq.')) return true;
      return String(row[column]) === expr.slice(3);
    }),
  );
  const order = url.searchParams.get('order');
  if (order) {
    const [column = '', direction] = order.split('.');
    const sign = direction === 'desc' ? -1 : 1;
    result = [...result].sort((a, b) => sign * String(a[column]).localeCompare(String(b[column])));
  }
  return result;
}

const wantsSingle = (request: Request) =>
  (request.headers.get('accept') ?? '').startsWith('application/vnd.pgrst.object+json');

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
  const range = rows.length ? `0-${rows.length - 1}/*` : '*/*';
  return HttpResponse.json(rows, { headers: { 'Content-Range': range } });
}

export function pgrstError(status: number, body: { code: string; message: string; details?: string | null; hint?: string | null }) {
  return HttpResponse.json({ details: null, hint: null, ...body }, { status });
}
