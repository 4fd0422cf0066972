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
  /** Sign-ins and sign-ups per client address ([auth.rate_limit] sign_in_sign_ups). */
  limiter: SlidingWindowLimiter;
  /** Failed password sign-ins per account, from any address. */
  failedSignIns: SlidingWindowLimiter;
  /** Mails sent per hour, all addresses together ([auth.rate_limit] email_sent). */
  mailsSent: SlidingWindowLimiter;
  /** Recovery requests per email address per hour, known or not ([auth.rate_limit] email_sent). */
  recoveryPerEmail: SlidingWindowLimiter;
  /** One recovery request per address per [auth.email] max_frequency. */
  recoveryPerEmailFrequency: SlidingWindowLimiter;
  /** Sign-ups of an already confirmed address, per [auth.email] max_frequency, answered as a new address's would be. */
  lookAlikeSignups: SlidingWindowLimiter;
  /** Recovery requests per client address per hour. */
  recoveryPerClient: SlidingWindowLimiter;
  /** Two-factor code attempts per factor (verify), so six digits cannot be guessed. */
  factorAttempts: SlidingWindowLimiter;
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

const overEmailLimit = (message: string) => new AuthError(429, 'over_email_send_rate_limit', message);

/**
 * May a mail go to `user` now? Not sooner than [auth.email] max_frequency
 * after the last one to the same address, and not beyond [auth.rate_limit]
 * email_sent per hour in all (GoTrue's limits, same codes). Checked before
 * anything is written, so a refused request leaves no trace.
 */
export function takeMail(ctx: AuthContext, lastSentAt: Date | string | null | undefined): void {
  if (lastSentAt) {
    const wait = Math.ceil((new Date(lastSentAt).getTime() + ctx.deps.auth.emailMaxFrequency * 1000 - Date.now()) / 1000);
    if (wait > 0) throw overEmailLimit(`For security purposes, you can only request this after ${wait} seconds.`);
  }
  if (!ctx.mailsSent.take('all')) throw overEmailLimit('Email rate limit exceeded');
}

export function clientInfo(ctx: AuthContext, c: Context): { userAgent?: string; ip?: string } {
  return { userAgent: c.req.header('user-agent'), ip: clientAddress(c, ctx.options.trustedProxyHeader) };
}
