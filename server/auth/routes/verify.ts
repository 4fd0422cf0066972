/**
 * GET /verify?token=…&type=signup|recovery&redirect_to=… — the links in the
 * confirmation and recovery mails (protocol §2.1). Success starts a session
 * and 303-redirects with it in the URL fragment (the implicit flow
 * supabase-js reads with detectSessionInUrl, `type=recovery` making it fire
 * PASSWORD_RECOVERY), or, for a PKCE recovery link, with `?code=` for the
 * client to exchange. Failure redirects with GoTrue's error fragment.
 */
import type { Hono } from 'hono';
import { clientInfo, tokenSettings, type AuthContext } from '../context.ts';
import { findByConfirmationToken } from '../confirmation.ts';
import { issueAuthCode } from '../pkce.ts';
import { consumeRecoveryToken, PKCE_PREFIX } from '../recovery.ts';
import { safeRedirect } from '../redirect.ts';
import { sessionJson, startSession, type AuthMethod } from '../sessions.ts';
import { confirmEmail, reloadUser, touchLastSignIn } from '../users.ts';

const DEFAULT_OTP_EXPIRY = 3600;

/** Whose link it was; for a PKCE link, the code its redirect carries instead of a session (undefined: its flow was replaced by a newer mail's). */
type Outcome = { userId: string; method: AuthMethod; pkce: false } | { userId: string; pkce: true; code: string | undefined } | undefined;

export function verifyRoutes(app: Hono, ctx: AuthContext): void {
  const { deps } = ctx;
  const expiry = () => ctx.options.otpExpiry ?? DEFAULT_OTP_EXPIRY;

  app.get('/verify', async (c) => {
    const redirectTo = safeRedirect(c.req.query('redirect_to'), deps.auth);
    const type = c.req.query('type');
    const token = c.req.query('token') ?? '';

    const fail = (code: string, description: string) =>
      c.redirect(`${redirectTo}#${new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description })}`, 303);
    // Only sign-up and recovery links are ever sent by this backend.
    if (type !== 'signup' && type !== 'email' && type !== 'recovery') return fail('validation_failed', 'Unsupported verification type');

    const outcome: Outcome = await deps.db.transaction(async (tx) => {
      if (type === 'recovery') {
        const pkce = token.startsWith(PKCE_PREFIX);
        const found = await consumeRecoveryToken(tx, pkce ? token.slice(PKCE_PREFIX.length) : token, expiry());
        if (!found) return undefined;
        if (pkce) return { userId: found.id, pkce, code: await issueAuthCode(tx, found.id, 'recovery') };
        return { userId: found.id, method: 'recovery', pkce };
      }
      const found = await findByConfirmationToken(tx, token, expiry());
      if (!found) return undefined;
      await confirmEmail(tx, found.id);
      return { userId: found.id, method: 'otp', pkce: false } as const;
    });
    if (!outcome) return fail('otp_expired', 'Email link is invalid or has expired');
    if (outcome.pkce) {
      if (!outcome.code) return fail('flow_state_not_found', 'invalid flow state, no valid flow state found');
      const target = new URL(redirectTo);
      target.searchParams.set('code', outcome.code);
      return c.redirect(target.href, 303);
    }

    const result = await deps.db.transaction(async (tx) => {
      const session = await startSession(tx, outcome.userId, clientInfo(ctx, c), outcome.method);
      await touchLastSignIn(tx, outcome.userId);
      return { user: await reloadUser(tx, outcome.userId), session };
    });
    const s = await sessionJson(deps.db, result.user, result.session, tokenSettings(ctx));
    const fragment = new URLSearchParams({
      access_token: String(s.access_token),
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: String(s.refresh_token),
      token_type: 'bearer',
      type: type === 'recovery' ? 'recovery' : 'signup',
    });
    return c.redirect(`${redirectTo}#${fragment}`, 303);
  });
}
