/**
 * The one error type of the REST layer, in PostgREST's body shape
 * {code, details, hint, message} (protocol §1.6). Everything that fails in
 * /rest/v1 throws a RestError (or a Postgres error, mapped here), and
 * error-response.ts turns it into the response.
 */
import { isPgError } from '../db/database.ts';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: the query string does not follow PostgREST's grammar. */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

// PostgREST's SQLSTATE → HTTP table (PostgREST.Error, protocol §1.6).
function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  // The connection or the server is gone for a moment (57P01–03: shutdown,
  // crash, starting up): 503, which clients may retry.
  if (code.startsWith('08') || code.startsWith('53') || /^57P0[123]$/.test(code)) return 503;
  if (code.startsWith('28') || code.startsWith('0P') || code.startsWith('0L')) return 403;
  if (/^(54|55|57|58|XX|P0)/.test(code)) return 500;
  return 400;
}

/** Maps a Postgres error to PostgREST's answer, under the role the request ran as. */
export function fromPgError(e: unknown, role: string): RestError | undefined {
  if (!isPgError(e) || !e.code) return undefined;
  const status = statusForSqlState(e.code, role);
  // PostgREST asks for credentials when an anonymous request lacks privileges.
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, e.code, e.message, e.detail ?? null, e.hint ?? null, headers);
}
