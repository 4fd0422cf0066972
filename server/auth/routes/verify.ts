/**
 * GET /verify?token=…&type=signup&redirect_to=… — the link in the
 * confirmation mail (protocol §2.1). Success confirms the address, starts a
 * session and 303-redirects with it in the URL fragment (the implicit flow
 * supabase-js reads with detectSessionInUrl); failure redirects with
 * GoTrue's error fragment.
 */
import type { Hono } from 'hono';
import { clientInfo, tokenSettings, type AuthContext } from '../context.ts';
import { findByConfirmationToken } from '../confirmation.ts';
import { safeRedirect } from '../redirect.ts';
import { sessionJson, startSession } from '../sessions.ts';
import { confirmEmail, reloadUser, touchLastSignIn } from '../users.ts';

const DEFAULT_OTP_EXPIRY = 3600;

export function verifyRoutes(app: Hono, ctx: AuthContext): void {
  const { deps } = ctx;

  app.get('/verify', async (c) => {
    const redirectTo = safeRedirect(c.req.query('redirect_to'), deps.auth);
    const type = c.req.query('type');
    const token = c.req.query('token') ?? '';

    const fail = (code: string, description: string) =>
      c.redirect(`${redirectTo}#${new URLSearchParams({ error: 'access_denied', error_code: code, error_description: description })}`, 303);
    // Only sign-up links are ever sent by this backend.
    if (type !== 'signup' && type !== 'email') return fail('validation_failed', 'Unsupported verification type');

    const result = await deps.db.transaction(async (tx) => {
      const found = await findByConfirmationToken(tx, token, ctx.options.otpExpiry ?? DEFAULT_OTP_EXPIRY);
      if (!found) return undefined;
      await confirmEmail(tx, found.id);
      const session = await startSession(tx, found.id, clientInfo(ctx, c));
      await touchLastSignIn(tx, found.id);
      return { user: await reloadUser(tx, found.id), session };
    });
    if (!result) return fail('otp_expired', 'Email link is invalid or has expired');

    const s = await sessionJson(deps.db, result.user, { ...result.session, amrMethod: 'otp' }, tokenSettings(ctx));
    const fragment = new URLSearchParams({
      access_token: String(s.access_token),
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: String(s.refresh_token),
      token_type: 'bearer',
      type: 'signup',
    });
    return c.redirect(`${redirectTo}#${fragment}`, 303);
  });
}
