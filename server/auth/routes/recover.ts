/**
 * POST /recover: "forgot password" (protocol §2.1, GoTrue's Recover). The
 * answer is the same `{}` for a known and an unknown address, and so are the
 * limits: both count per address and per client, so a 429 does not tell a
 * stranger which addresses have accounts. A mail goes only to a known one.
 */
import type { Hono } from 'hono';
import type { AuthContext } from '../context.ts';
import { validateEmail } from '../email.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { readChallenge, saveFlowState } from '../pkce.ts';
import { sendRecovery } from '../recovery.ts';
import { safeRedirect } from '../redirect.ts';
import { clientAddress, readJson, str } from '../request.ts';
import { findUserByEmail, isBanned, normalizeEmail } from '../users.ts';

const overEmailLimit = (message: string) => new AuthError(429, 'over_email_send_rate_limit', message);

export function recoverRoutes(app: Hono, ctx: AuthContext): void {
  const { deps } = ctx;

  app.post('/recover', async (c) => {
    const body = await readJson(c);
    const rawEmail = str(body, 'email');
    if (!rawEmail) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(validateEmail(rawEmail));
    const challenge = readChallenge(str(body, 'code_challenge'), str(body, 'code_challenge_method'));
    const redirectTo = safeRedirect(c.req.query('redirect_to'), deps.auth);

    // Limits first, known address or not, and before anything is written.
    if (!ctx.recoveryPerEmailFrequency.take(email)) {
      throw overEmailLimit(`For security purposes, you can only request this after ${deps.auth.emailMaxFrequency} seconds.`);
    }
    if (!ctx.recoveryPerEmail.take(email) || !ctx.recoveryPerClient.take(clientAddress(c, ctx.options.trustedProxyHeader))) {
      throw overEmailLimit('Email rate limit exceeded');
    }
    if (ctx.mailsSent.full('all')) throw overEmailLimit('Email rate limit exceeded');

    const user = await findUserByEmail(deps.db, email);
    if (!user || isBanned(user) || !user.encrypted_password) return c.json({});
    ctx.mailsSent.take('all');
    await deps.db.transaction(async (tx) => {
      if (challenge) await saveFlowState(tx, user.id, challenge, 'recovery');
      await sendRecovery(tx, ctx.mailer, user, { apiOrigin: deps.apiExternalUrl, redirectTo, pkce: !!challenge });
    });
    return c.json({});
  });
}
