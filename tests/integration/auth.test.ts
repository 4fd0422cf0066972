/**
 * Auth (/auth/v1, the GoTrue subset of issue 2) through supabase-js's auth
 * client: sign-up, sign-in, wrong and weak passwords, duplicates, refresh with
 * rotation, sign-out per scope, the admin routes and the rate limit. The rate
 * limit test runs last: it spends this backend's sign-in budget.
 */
import { randomUUID } from 'node:crypto';
import { newClient, targets, useBackend, type Backend } from './harness.ts';

const email = (prefix = 'auth') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const password = () => `pw-${randomUUID()}`;

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Tries a refresh token on a new client: null when accepted, else the error. */
async function refreshError(backend: Backend, refreshToken: string) {
  const { data, error } = await backend.anon().auth.refreshSession({ refresh_token: refreshToken });
  if (!error) expect(data.session).not.toBeNull();
  return error;
}

const REFUSED_REFRESH = ['refresh_token_not_found', 'refresh_token_already_used', 'session_not_found', 'session_expired'];

describe.each(targets)('auth on $name', (target) => {
  const backend = useBackend(target);

  describe('sign-up', () => {
    it('creates a confirmed user with a session (confirmations are off locally)', async () => {
      const address = email('signup');
      const { data, error } = await backend.anon().auth.signUp({
        email: address,
        password: password(),
        options: { emailRedirectTo: 'http://127.0.0.1:8080' },
      });
      expect(error).toBeNull();
      expect(data.user!.email).toBe(address);
      expect(data.user!.identities).toEqual([expect.objectContaining({ provider: 'email' })]);
      expect(data.session).not.toBeNull();
      expect(data.session!.user.id).toBe(data.user!.id);
    });

    it('accepts a password of exactly the minimum length (6)', async () => {
      const { error } = await backend.anon().auth.signUp({ email: email('min'), password: 'abc123' });
      expect(error).toBeNull();
    });

    it('refuses a weak password: 422 weak_password with reasons', async () => {
      const { data, error } = await backend.anon().auth.signUp({ email: email('weak'), password: '12345' });
      expect(data.user).toBeNull();
      expect(error!.status).toBe(422);
      expect(error!.code).toBe('weak_password');
      expect((error as unknown as { reasons: string[] }).reasons).toContain('length');
    });

    it('refuses a duplicate user, whatever the case of the address: 422 user_already_exists', async () => {
      const address = email('dup');
      expect((await backend.anon().auth.signUp({ email: address, password: password() })).error).toBeNull();
      for (const again of [address, address.toUpperCase()]) {
        const { error } = await backend.anon().auth.signUp({ email: again, password: password() });
        expect(error!.status).toBe(422);
        expect(error!.code).toBe('user_already_exists');
      }
    });

    it('refuses an invalid email: 400 validation_failed', async () => {
      const { error } = await backend.anon().auth.signUp({ email: 'not-an-email', password: password() });
      expect(error!.status).toBe(400);
      expect(error!.code).toBe('validation_failed');
    });
  });

  describe('sign-in', () => {
    it('signs in with email and password; the access token carries GoTrue\'s claims', async () => {
      const address = email('signin');
      const secret = password();
      await backend.anon().auth.signUp({ email: address, password: secret });
      const client = backend.anon();
      const { data, error } = await client.auth.signInWithPassword({ email: address, password: secret });
      expect(error).toBeNull();
      const session = data.session!;
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
      expect(session.refresh_token).toBeTruthy();
      expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
      expect(session.user.email).toBe(address);
      expect(claims(session.access_token)).toMatchObject({
        sub: session.user.id,
        role: 'authenticated',
        aud: 'authenticated',
        email: address,
        aal: 'aal1',
        session_id: expect.any(String),
        exp: expect.any(Number),
        iat: expect.any(Number),
        app_metadata: expect.objectContaining({ provider: 'email' }),
        user_metadata: expect.any(Object),
      });
      const { data: me, error: meError } = await client.auth.getUser();
      expect(meError).toBeNull();
      expect(me.user!.email).toBe(address);
    });

    it('refuses a wrong password: 400 invalid_credentials', async () => {
      const address = email('wrong');
      await backend.anon().auth.signUp({ email: address, password: password() });
      const { data, error } = await backend.anon().auth.signInWithPassword({ email: address, password: 'not-the-password' });
      expect(data.session).toBeNull();
      expect(error!.status).toBe(400);
      expect(error!.code).toBe('invalid_credentials');
      expect(error!.message).toBe('Invalid login credentials');
    });

    it('refuses an unknown user the same way as a wrong password', async () => {
      const { error } = await backend.anon().auth.signInWithPassword({ email: email('nobody'), password: password() });
      expect(error!.status).toBe(400);
      expect(error!.code).toBe('invalid_credentials');
    });

    it('changes the password with PUT /user; only the new one then works', async () => {
      const user = await backend.createUser('changer');
      const next = password();
      const { error } = await user.client.auth.updateUser({ password: next });
      expect(error).toBeNull();
      expect((await backend.anon().auth.signInWithPassword({ email: user.email, password: user.password })).error!.code).toBe('invalid_credentials');
      expect((await backend.anon().auth.signInWithPassword({ email: user.email, password: next })).error).toBeNull();
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token and issues a new access token', async () => {
      const user = await backend.createUser('refresher');
      const { data: before } = await user.client.auth.getSession();
      await new Promise((r) => setTimeout(r, 1100)); // a new iat
      const { data, error } = await user.client.auth.refreshSession();
      expect(error).toBeNull();
      expect(data.session!.refresh_token).not.toBe(before.session!.refresh_token);
      expect(data.session!.access_token).not.toBe(before.session!.access_token);
      expect(claims(data.session!.access_token).session_id).toBe(claims(before.session!.access_token).session_id);
      // the new token works in turn
      expect(await refreshError(backend, data.session!.refresh_token)).toBeNull();
    });

    it('refuses an unknown refresh token', async () => {
      const error = await refreshError(backend, 'not-a-refresh-token');
      expect(error).not.toBeNull();
      expect(error!.status).toBe(400);
      expect(REFUSED_REFRESH).toContain(error!.code);
    });
  });

  describe('sign-out', () => {
    /** The same user signed in on two devices. */
    async function twoSessions() {
      const user = await backend.createUser('devices');
      const second = backend.anon();
      await second.auth.signInWithPassword({ email: user.email, password: user.password });
      const a = (await user.client.auth.getSession()).data.session!;
      const b = (await second.auth.getSession()).data.session!;
      expect(claims(a.access_token).session_id).not.toBe(claims(b.access_token).session_id);
      return { a, b, clientA: user.client };
    }

    it("scope 'local': ends this session only", async () => {
      const { a, b, clientA } = await twoSessions();
      expect((await clientA.auth.signOut({ scope: 'local' })).error).toBeNull();
      expect(REFUSED_REFRESH).toContain((await refreshError(backend, a.refresh_token))?.code);
      expect(await refreshError(backend, b.refresh_token)).toBeNull();
    });

    it("scope 'others': ends every other session, keeps this one", async () => {
      const { a, b, clientA } = await twoSessions();
      expect((await clientA.auth.signOut({ scope: 'others' })).error).toBeNull();
      expect(REFUSED_REFRESH).toContain((await refreshError(backend, b.refresh_token))?.code);
      expect(await refreshError(backend, a.refresh_token)).toBeNull();
    });

    it("scope 'global': ends every session of the user", async () => {
      const { a, b, clientA } = await twoSessions();
      expect((await clientA.auth.signOut({ scope: 'global' })).error).toBeNull();
      expect(REFUSED_REFRESH).toContain((await refreshError(backend, a.refresh_token))?.code);
      expect(REFUSED_REFRESH).toContain((await refreshError(backend, b.refresh_token))?.code);
    });

    it('the access token of an ended session no longer reads the user', async () => {
      const { a, clientA } = await twoSessions();
      await clientA.auth.signOut({ scope: 'global' });
      const { data, error } = await backend.anon().auth.getUser(a.access_token);
      expect(data.user).toBeNull();
      expect(error).not.toBeNull();
    });

    it('an unknown scope is refused by the server', async () => {
      const { a } = await twoSessions();
      const response = await backend.request('/auth/v1/logout?scope=everywhere', { method: 'POST', token: a.access_token });
      expect(response.status).toBe(400);
      expect(await refreshError(backend, a.refresh_token)).toBeNull();
    });
  });

  describe('service routes', () => {
    it('GET /health and GET /settings answer', async () => {
      expect((await backend.request('/auth/v1/health')).status).toBe(200);
      const settings = await backend.request('/auth/v1/settings');
      expect(settings.status).toBe(200);
      expect(await settings.json()).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: expect.objectContaining({ email: true }) });
    });

    it('admin routes: the service_role lists and creates users; ids must be UUIDs', async () => {
      const address = email('made-by-admin');
      const { data: created, error } = await backend.service.auth.admin.createUser({ email: address, password: password(), email_confirm: true });
      expect(error).toBeNull();
      expect(created.user!.email_confirmed_at).toBeTruthy();
      const { data: list } = await backend.service.auth.admin.listUsers();
      expect(list.users.map((u) => u.email)).toContain(address);
      const { data: one } = await backend.service.auth.admin.getUserById(created.user!.id);
      expect(one.user!.email).toBe(address);
      const bad = await backend.request('/auth/v1/admin/users/not-a-uuid', { token: backend.serviceRoleKey });
      expect([400, 404]).toContain(bad.status);
      expect(JSON.stringify(await bad.json())).toMatch(/uuid/i);
    });

    it('admin routes refuse the anon key and a signed-in user', async () => {
      const user = await backend.createUser('not-admin');
      for (const token of [backend.anonKey, (await user.client.auth.getSession()).data.session!.access_token]) {
        const response = await backend.request('/auth/v1/admin/users', { token });
        expect([401, 403]).toContain(response.status);
      }
      // an admin of the site (user_roles) is still not a GoTrue admin
      const admin = await backend.createAdmin('site-admin');
      const token = (await admin.client.auth.getSession()).data.session!.access_token;
      expect([401, 403]).toContain((await backend.request('/auth/v1/admin/users', { token })).status);
    });
  });

  // Last: spends the sign-in/sign-up budget of this backend (config.toml: 30 per 5 minutes per address).
  describe('rate limit', () => {
    it('answers 429 over_request_rate_limit once the budget is spent, even for a right password', async () => {
      const address = email('limited');
      const secret = password();
      await backend.service.auth.admin.createUser({ email: address, password: secret, email_confirm: true });
      const statuses: number[] = [];
      let limited: { status?: number; code?: string } | null = null;
      for (let i = 0; i < 40 && !limited; i++) {
        const { error } = await newClient(backend.url, backend.anonKey).auth.signInWithPassword({ email: address, password: 'wrong-password' });
        statuses.push(error!.status ?? 0);
        if (error!.status === 429) limited = error as { status?: number; code?: string };
      }
      expect(limited, `no 429 after ${statuses.length} attempts`).not.toBeNull();
      expect(limited!.code).toBe('over_request_rate_limit');
      expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(0);
      const { error } = await backend.anon().auth.signInWithPassword({ email: address, password: secret });
      expect(error!.status).toBe(429);
      const signUp = await backend.anon().auth.signUp({ email: email('late'), password: password() });
      expect(signUp.error!.status).toBe(429);
    });
  });
});
