/**
 * POST /token?grant_type=password | refresh_token (protocol §2.1, §2.5).
 */
import type { Context, Hono } from 'hono';
import { clientInfo, takeSignInSignUp, tokenSettings, type AuthContext } from '../context.ts';
import { AuthError, invalidCredentials, validationFailed } from '../errors.ts';
import { verifyPassword, weakness } from '../password.ts';
import { readJson, str } from '../request.ts';
import { redeemAuthCode } from '../pkce.ts';
import { rotateRefreshToken, sessionJson, startSession } from '../sessions.ts';
import { findUserByEmail, findUserById, isBanned, normalizeEmail, reloadUser, touchLastSignIn } from '../users.ts';

const userBanned = () => new AuthError(400, 'user_banned', 'User is banned');

export function tokenRoutes(app: Hono, ctx: AuthContext): void {
  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    if (grantType === 'password') return passwordGrant(ctx, c);
    if (grantType === 'refresh_token') return refreshGrant(ctx, c);
    if (grantType === 'pkce') return pkceGrant(ctx, c);
    throw validationFailed('unsupported_grant_type');
  });
}

async function passwordGrant(ctx: AuthContext, c: Context): Promise<Response> {
  const { deps } = ctx;
  takeSignInSignUp(ctx, c);
  const body = await readJson(c);
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  const password = str(body, 'password');
  if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
  // Spec §5 wording (GoTrue itself says "missing email or phone").
  if ((!email && !phone) || !password) {
    throw validationFailed('You must provide either an email or phone number and a password');
  }
  // Failed attempts per account, wherever they come from (the per-address
  // limit alone lets many addresses share the guessing).
  const account = email ? normalizeEmail(email) : `phone:${phone}`;
  if (ctx.failedSignIns.full(account)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
  // No phone users exist here, so a phone login can only fail, like an unknown email.
  const found = email ? await findUserByEmail(deps.db, email) : undefined;
  // Unknown address, no password, wrong password: the same check, the same
  // time (a dummy hash stands in), the same answer.
  if (!(await verifyPassword(password, found?.encrypted_password)) || !found) {
    ctx.failedSignIns.take(account);
    throw invalidCredentials();
  }
  if (isBanned(found)) throw userBanned();
  if (!found.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');

  const { user, session } = await deps.db.transaction(async (tx) => {
    const session = await startSession(tx, found.id, clientInfo(ctx, c), 'password');
    await touchLastSignIn(tx, found.id);
    return { user: await reloadUser(tx, found.id), session };
  });
  const answer = await sessionJson(deps.db, user, session, tokenSettings(ctx));
  // A password that met older, weaker rules still signs in, with a warning
  // the client surfaces as data.weak_password (protocol §2.1).
  let weak = null;
  try {
    weak = weakness(password, deps.auth.minimumPasswordLength);
  } catch {
    // over 72 bytes cannot be a stored bcrypt password; nothing to warn about
  }
  if (weak) answer.weak_password = { message: weak.message, reasons: weak.reasons };
  return c.json(answer);
}

async function refreshGrant(ctx: AuthContext, c: Context): Promise<Response> {
  const { deps } = ctx;
  const body = await readJson(c);
  const presented = str(body, 'refresh_token');
  if (!presented) {
    throw new AuthError(400, 'validation_failed', 'refresh_token required', { oauthError: 'invalid_request' });
  }
  // A reuse error must still commit (it revokes the token family), so the
  // transaction returns it and it is thrown only afterwards.
  const outcome = await deps.db.transaction(async (tx) => {
    const rotated = await rotateRefreshToken(tx, presented, {
      rotation: deps.auth.refreshTokenRotation,
      reuseInterval: deps.auth.refreshTokenReuseInterval,
    });
    if (rotated instanceof AuthError) return rotated;
    // Re-read the user so the new access token carries current metadata (§2.5).
    const user = await findUserById(tx, rotated.userId);
    if (!user) return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw userBanned();
    return { user, rotated };
  });
  if (outcome instanceof AuthError) throw outcome;
  return c.json(await sessionJson(deps.db, outcome.user, outcome.rotated, tokenSettings(ctx)));
}

/** Exchanges a link's one-time `?code=` and its verifier for a session (server/auth/pkce.ts). */
async function pkceGrant(ctx: AuthContext, c: Context): Promise<Response> {
  const { deps } = ctx;
  const body = await readJson(c);
  const authCode = str(body, 'auth_code');
  const codeVerifier = str(body, 'code_verifier');
  const { user, session } = await deps.db.transaction(async (tx) => {
    const redeemed = await redeemAuthCode(tx, authCode, codeVerifier);
    const found = await findUserById(tx, redeemed.userId);
    if (!found) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (isBanned(found)) throw userBanned();
    const session = await startSession(tx, found.id, clientInfo(ctx, c), redeemed.method);
    await touchLastSignIn(tx, found.id);
    return { user: await reloadUser(tx, found.id), session };
  });
  return c.json(await sessionJson(deps.db, user, session, tokenSettings(ctx)));
}
