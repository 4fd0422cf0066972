/** Success responses in PostgREST's form (protocol §1.4). */
import { JSON_UTF8 } from './error-response.ts';
import { OBJECT_MEDIA } from './request-options.ts';
import { RestError } from './rest-error.ts';

export function restResponse(
  method: string,
  status: number,
  body: string | null,
  headers: Record<string, string>,
  single = false,
): Response {
  const h: Record<string, string> = { ...headers };
  if (body !== null) h['Content-Type'] = single ? `${OBJECT_MEDIA}; charset=utf-8` : JSON_UTF8;
  return new Response(method === 'HEAD' || status === 204 ? null : body, { status, headers: h });
}

/** `.single()` with 0 or ≥ 2 rows (v13 wording). */
export function notSingle(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/** `0-9/42`, `*\/0`, `0-9/*`. */
export function contentRange(offset: number, rows: number, total: number | undefined): string {
  const range = rows === 0 ? '*' : `${offset}-${offset + rows - 1}`;
  return `${range}/${total ?? '*'}`;
}
