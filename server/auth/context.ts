/**
 * What every /auth/v1 route module receives: the app's deps plus the
 * auth-local pieces (rate limiter, mailer) built once per app.
 */
import type { Context } from 'hono';
import type { AppDeps, AuthOptions } from '../deps.ts';

export type { AuthOptions } from '../deps.ts';
import type { Mailer } from './mailer.ts';
import type { SlidingWindowLimiter } from './rate-limit.ts';
import { AuthError } from './errors.ts';
import { clientAddress, issuer } from './request.ts';
import type { TokenSettings } from './sessions.ts';

export interface AuthContext {
  deps: AppDeps;
  limiter: SlidingWindowLimiter;
  mailer: Mailer;
  options: AuthOptions;
}

export function tokenSettings(ctx: AuthContext): TokenSettings {
  return { jwtSecret: ctx.deps.jwtSecret, jwtExpiry: ctx.deps.auth.jwtExpiry, issuer: issuer(ctx.deps.apiExternalUrl) };
}

/** Sign-in and sign-up count against the caller's address (config [auth.rate_limit]). */
export function takeSignInSignUp(ctx: AuthContext, c: Context): void {
  if (!ctx.limiter.take(clientAddress(c, ctx.options.trustedProxyHeader))) {
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

export function clientInfo(ctx: AuthContext, c: Context): { userAgent?: string; ip?: string } {
  return { userAgent: c.req.header('user-agent'), ip: clientAddress(c, ctx.options.trustedProxyHeader) };
}
