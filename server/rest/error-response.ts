/** Turns anything thrown in /rest/v1 into PostgREST's error response: the one place that does. */
import type { Context } from 'hono';
import { PoolTimeoutError } from '../db/postgres.ts';
import { fromPgError, RestError } from './rest-error.ts';

/** The role a request ran as, set once its token is verified: it decides 401 or 403 for 42501. */
export type RestEnv = { Variables: { restRole: string | undefined } };

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** Cache-Control of every answer made for someone other than anon (RFC 9111 §5.2.2.5). */
export const PRIVATE = 'no-store';

export function toRestError(e: unknown, role: string): RestError {
  if (e instanceof RestError) return e;
  if (e instanceof PoolTimeoutError) return new RestError(504, 'PGRST003', e.message, null, null, { 'Retry-After': '1' });
  const pg = fromPgError(e, role);
  if (pg) return pg;
  console.error('rest: unexpected error', e);
  return new RestError(500, 'PGRST000', 'Internal server error', e instanceof Error ? e.message : null);
}

export function errorResponse(c: Context<RestEnv>, e: unknown): Response {
  const role = c.get('restRole') ?? 'anon';
  const err = toRestError(e, role);
  const headers: Record<string, string> = { 'Content-Type': JSON_UTF8, ...err.headers };
  // Unknown (the token was refused) counts as not anon.
  if (c.get('restRole') !== 'anon') headers['Cache-Control'] = PRIVATE;
  const body = c.req.method === 'HEAD' ? null : JSON.stringify(err.toJSON());
  return new Response(body, { status: err.status, headers });
}
