/** Success responses in PostgREST's form (protocol §1.4). */
import type { Context } from 'hono';
import { encodedResponse } from '../compress.ts';
import { JSON_UTF8, PRIVATE, type RestEnv } from './error-response.ts';
import { OBJECT_MEDIA } from './request-options.ts';
import { RestError } from './rest-error.ts';

/**
 * The answer, compressed for the client here (the body is in hand; see
 * compress.ts), with the profile it was read in. An answer made for a
 * signed-in caller (her drafts, her writes) is never stored by a browser or
 * a proxy: `no-store` (issue 22); what anon reads is public anyway.
 */
export function restResponse(
  c: Context<RestEnv>,
  status: number,
  body: string | null,
  headers: Record<string, string>,
  single = false,
  profile?: string,
): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (profile) h['Content-Profile'] = profile;
  if (c.get('restRole') !== 'anon') h['Cache-Control'] = PRIVATE;
  if (body !== null) h['Content-Type'] = single ? `${OBJECT_MEDIA}; charset=utf-8` : JSON_UTF8;
  return encodedResponse(c, c.req.method === 'HEAD' || status === 204 ? null : body, { status, headers: h });
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
