/**
 * POST /signup (protocol §2.1). With confirmations off (the local default)
 * the user is confirmed at once and gets a session; with them on, the reply
 * is the user with confirmation_sent_at and a mail lands in the outbox.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { isPgError } from '../../db/database.ts';
import { clientInfo, takeMail, takeSignInSignUp, tokenSettings, type AuthContext } from '../context.ts';
import { sendConfirmation } from '../confirmation.ts';
import { validateEmail } from '../email.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { assertStrongPassword, hashPassword } from '../password.ts';
import { safeRedirect } from '../redirect.ts';
import { obj, readJson, str } from '../request.ts';
import { sessionJson, startSession } from '../sessions.ts';
import { confirmEmail, findUserByEmail, insertUser, loadUserJson, reloadUser, touchLastSignIn, userJson, type UserRow } from '../users.ts';

export function signupRoutes(app: Hono, ctx: AuthContext): void {
  const { deps } = ctx;

  app.post('/signup', async (c) => {
    takeSignInSignUp(ctx, c);
    if (!deps.auth.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');

    const body = await readJson(c);
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    const data = obj(body, 'data') ?? {};

    // Spec §5: email or phone, plus a password.
    if (!rawEmail && !phone) throw validationFailed('You must provide either an email or phone number and a password');
    if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
    if (!password) throw validationFailed('Signup requires a valid password');
    assertStrongPassword(password, deps.auth.minimumPasswordLength);
    if (phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
    const email = validateEmail(rawEmail);

    const autoconfirm = !deps.auth.enableConfirmations;
    const redirectTo = safeRedirect(c.req.query('redirect_to'), deps.auth);
    const existing = await findUserByEmail(deps.db, email);

    if (existing) {
      // Auto-confirm on: say so (422). Off: never reveal whether the address
      // is registered (protocol §2.1) — a confirmed user gets a look-alike
      // answer, an unconfirmed one a fresh confirmation mail.
      if (autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
      if (existing.email_confirmed_at) {
        // As a new address is answered: the same mail limits (per address and
        // in all) and the same bcrypt work, so neither a 429 nor the time taken
        // tells that she is registered. No mail goes out.
        takeMail(ctx, ctx.lookAlikeSignups.take(email) ? null : new Date());
        await hashPassword(password);
        return c.json(fakeUser(email, data));
      }
      takeMail(ctx, existing.confirmation_sent_at);
      const user = await deps.db.transaction(async (tx) => {
        await sendConfirmation(tx, ctx.mailer, existing, deps.apiExternalUrl, redirectTo);
        return reloadUser(tx, existing.id);
      });
      return c.json(await loadUserJson(deps.db, user));
    }

    if (!autoconfirm) takeMail(ctx, null);
    // Hash before the transaction: bcrypt is slow and PGlite runs one transaction at a time.
    const passwordHash = await hashPassword(password);
    const result = await insertOnce(() => deps.db.transaction(async (tx) => {
      let user: UserRow = await insertUser(tx, { email, passwordHash, userMetadata: data, confirmed: false });
      if (!autoconfirm) {
        await sendConfirmation(tx, ctx.mailer, user, deps.apiExternalUrl, redirectTo);
        return { user: await reloadUser(tx, user.id) };
      }
      await confirmEmail(tx, user.id);
      const session = await startSession(tx, user.id, clientInfo(ctx, c), 'password');
      await touchLastSignIn(tx, user.id);
      user = await reloadUser(tx, user.id);
      return { user, session };
    }));

    if (!result.session) return c.json(await loadUserJson(deps.db, result.user));
    return c.json(await sessionJson(deps.db, result.user, result.session, tokenSettings(ctx)));
  });
}

/** Two sign-ups racing for one address: the loser hits the unique index, and gets the usual 422. */
async function insertOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isPgError(e) && e.code === '23505') throw new AuthError(422, 'user_already_exists', 'User already registered');
    throw e;
  }
}

/** GoTrue's sanitizeUser: what an already-confirmed address gets when confirmations are on. */
function fakeUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date();
  return userJson(
    {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      encrypted_password: null,
      email_confirmed_at: null,
      confirmation_token: null,
      confirmation_sent_at: now,
      last_sign_in_at: null,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
      raw_user_meta_data: data,
      created_at: now,
      updated_at: now,
      phone: null,
      phone_confirmed_at: null,
      confirmed_at: null,
      banned_until: null,
      deleted_at: null,
      is_anonymous: false,
    },
    [],
  );
}
