/**
 * GET /user, PUT /user and POST /logout: the endpoints that act on the
 * signed-in user named by the JWT (protocol §2.1).
 */
import type { Hono } from 'hono';
import { type AuthContext } from '../context.ts';
import { validateEmail } from '../email.ts';
import { AuthError, validationFailed } from '../errors.ts';
import { requireUser } from '../guards.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../password.ts';
import { obj, readJson, str } from '../request.ts';
import { logout, type LogoutScope } from '../sessions.ts';
import { factorsOf, findUserByEmail, loadUserJson, mergeUserMetadata, reloadUser, setEmail, setPassword } from '../users.ts';

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

export function userRoutes(app: Hono, ctx: AuthContext): void {
  const { deps } = ctx;

  app.get('/user', async (c) => {
    const { user } = await requireUser(ctx, c);
    return c.json(await loadUserJson(deps.db, user));
  });

  app.put('/user', async (c) => {
    const { user, sessionId, aal } = await requireUser(ctx, c);
    const body = await readJson(c);
    const data = obj(body, 'data');
    const password = body.password === undefined || body.password === null ? undefined : str(body, 'password');
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');

    // A recovery link or a stolen password gives an aal1 session: with a
    // second factor enrolled, it must be proved before the keys change.
    const changesKeys = !!password || (!!rawEmail && validateEmail(rawEmail) !== user.email);
    if (changesKeys && aal !== 'aal2' && (await factorsOf(deps.db, user.id)).some((f) => f.status === 'verified')) {
      throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }

    let passwordHash: string | undefined;
    if (password !== undefined) {
      assertStrongPassword(password, deps.auth.minimumPasswordLength);
      if (await verifyPassword(password, user.encrypted_password)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(password);
    }

    let newEmail: string | undefined;
    if (rawEmail) {
      const email = validateEmail(rawEmail);
      if (email !== user.email) {
        // Changing the address with confirmations on needs the two-mail
        // email_change flow, which this backend does not offer.
        if (deps.auth.enableConfirmations) {
          throw validationFailed('Email changes need confirmation, which the local backend does not support');
        }
        if (await findUserByEmail(deps.db, email)) {
          throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        }
        newEmail = email;
      }
    }
    if (phone && phone !== (user.phone ?? '')) throw new AuthError(422, 'phone_provider_disabled', 'Phone changes are not supported');

    const updated = await deps.db.transaction(async (tx) => {
      if (data) await mergeUserMetadata(tx, user.id, data);
      if (newEmail) await setEmail(tx, user.id, newEmail);
      if (passwordHash) {
        await setPassword(tx, user.id, passwordHash);
        // GoTrue's UpdatePassword: a new password ends every other session.
        if (sessionId) await logout(tx, user.id, sessionId, 'others');
        else await logout(tx, user.id, undefined, 'global');
      }
      return reloadUser(tx, user.id);
    });
    return c.json(await loadUserJson(deps.db, updated));
  });

  app.post('/logout', async (c) => {
    const { user, sessionId } = await requireUser(ctx, c);
    const scope = c.req.query('scope') ?? 'global';
    const chosen = scope === '' ? 'global' : scope;
    if (!SCOPES.includes(chosen as LogoutScope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    await deps.db.transaction((tx) => logout(tx, user.id, sessionId, chosen as LogoutScope));
    return c.body(null, 204);
  });
}
