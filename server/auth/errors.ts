/**
 * The one error type of /auth/v1 and the one place it becomes a response.
 *
 * Protocol §2.4: supabase-js reads `code` as the error code only when the
 * response carries `X-Supabase-Api-Version: 2024-01-01`, so every error gets
 * that header, GoTrue's `x-sb-error-code`, and the body `{code, message}`
 * (plus `weak_password.reasons`). A few OAuth-style errors (refresh without a
 * refresh_token) use `{error, error_description}` instead, as GoTrue does.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION = '2024-01-01';

export type AuthErrorCode =
  | 'bad_code_verifier'
  | 'bad_json'
  | 'bad_jwt'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'flow_state_expired'
  | 'flow_state_not_found'
  | 'insufficient_aal'
  | 'invalid_credentials'
  | 'mfa_challenge_expired'
  | 'mfa_factor_name_conflict'
  | 'mfa_factor_not_found'
  | 'mfa_ip_address_mismatch'
  | 'mfa_verification_failed'
  | 'no_authorization'
  | 'not_admin'
  | 'over_email_send_rate_limit'
  | 'over_request_rate_limit'
  | 'too_many_enrolled_mfa_factors'
  | 'phone_provider_disabled'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'same_password'
  | 'session_not_found'
  | 'signup_disabled'
  | 'unexpected_failure'
  | 'user_already_exists'
  | 'user_banned'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password';

export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: AuthErrorCode,
    message: string,
    readonly extra: {
      weakPasswordReasons?: WeakPasswordReason[];
      /** OAuth-style body `{error, error_description}` (protocol §2.4). */
      oauthError?: string;
    } = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

// Shorthands for the errors several routes raise, with GoTrue's wording.
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const noAuthorization = () =>
  new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

/** Hono onError handler: AuthError → its response; anything else → 500 unexpected_failure. */
/** Connection lost (08…), a full pool (PGRST003), the embedded database restarting (57P03). */
function isUnavailable(err: Error): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('08') || code === 'PGRST003' || code === '57P03');
}

export function handleAuthError(err: Error, c: Context): Response {
  c.header('X-Supabase-Api-Version', API_VERSION);
  if (!(err instanceof AuthError) && isUnavailable(err)) {
    // The database is unreachable for a moment (a lost connection, a full
    // pool, a restart): 503, which supabase-js retries (protocol §2.4).
    c.header('x-sb-error-code', 'unexpected_failure');
    c.header('Retry-After', '1');
    return c.json({ code: 'unexpected_failure', message: 'The service is briefly unavailable; try again.' }, 503);
  }
  if (!(err instanceof AuthError)) {
    console.error('[auth] unexpected error', err);
    c.header('x-sb-error-code', 'unexpected_failure');
    return c.json({ code: 'unexpected_failure', message: 'Unexpected failure, please check server logs for more information' }, 500);
  }
  c.header('x-sb-error-code', err.code);
  if (err.extra.oauthError) {
    return c.json({ error: err.extra.oauthError, error_description: err.message }, err.status);
  }
  const body: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.extra.weakPasswordReasons) body.weak_password = { reasons: err.extra.weakPasswordReasons };
  return c.json(body, err.status);
}
