/**
 * /auth/v1/admin/users (protocol §2.1): service_role only, GoTrue's answers
 * for missing and wrong credentials and for ids that are not UUIDs.
 */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { authApp, apiKey, call, openTestDb, testDeps, uniqueEmail } from './testing.ts';

let db: Database;
let deps: AppDeps;
let app: Hono;

beforeAll(async () => {
  db = await openTestDb();
  deps = await testDeps(db);
  app = authApp(deps);
});
afterAll(() => db.close());

const admin = (method: string, path: string, body?: unknown) =>
  call(app, deps, method, `/auth/v1/admin${path}`, { token: deps.serviceRoleKey, body });

async function createUser(extra: Record<string, unknown> = {}) {
  const r = await admin('POST', '/users', { email: uniqueEmail('admin-made'), password: 'secret123', ...extra });
  expect(r.status).toBe(200);
  return r.json;
}

describe('who may call', () => {
  it('no bearer → 401 no_authorization', async () => {
    const r = await call(app, deps, 'GET', '/auth/v1/admin/users', { token: null });
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
  });

  it('the anon key or a user token → 403 not_admin', async () => {
    const anon = await call(app, deps, 'GET', '/auth/v1/admin/users');
    expect(anon.status).toBe(403);
    expect(anon.json).toEqual({ code: 'not_admin', message: 'User not allowed' });

    const email = uniqueEmail();
    const s = (await call(app, deps, 'POST', '/auth/v1/signup', { body: { email, password: 'secret123' } })).json;
    const user = await call(app, deps, 'GET', '/auth/v1/admin/users', { token: s.access_token });
    expect(user.status).toBe(403);
    expect(user.json.code).toBe('not_admin');
  });

  it('a service_role token signed with another secret → 403 bad_jwt', async () => {
    const r = await call(app, deps, 'GET', '/auth/v1/admin/users', {
      token: await apiKey('service_role', 'another-secret-another-secret-0123456789'),
    });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('bad_jwt');
  });
});

describe('users', () => {
  it('creates a confirmed user with metadata who can sign in', async () => {
    const email = uniqueEmail('created');
    const r = await admin('POST', '/users', {
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { name: 'Carla' },
      app_metadata: { plan: 'pro' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      email,
      user_metadata: { name: 'Carla', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    });
    expect(r.json.email_confirmed_at).toBeTruthy();
    expect(r.json.identities).toHaveLength(1);
    const login = await call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'secret123' } });
    expect(login.status).toBe(200);
  });

  it('an unconfirmed admin-created user cannot sign in yet: email_not_confirmed', async () => {
    const u = await createUser();
    const login = await call(app, deps, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: u.email, password: 'secret123' },
    });
    expect(login.status).toBe(400);
    expect(login.json).toEqual({ code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('refuses an address already registered (email_exists) and a weak password', async () => {
    const u = await createUser();
    const dup = await admin('POST', '/users', { email: u.email.toUpperCase(), password: 'secret123' });
    expect(dup.status).toBe(422);
    expect(dup.json.code).toBe('email_exists');
    const weak = await admin('POST', '/users', { email: uniqueEmail(), password: '123' });
    expect(weak.status).toBe(422);
    expect(weak.json.code).toBe('weak_password');
    const none = await admin('POST', '/users', { password: 'secret123' });
    expect(none.status).toBe(400);
    expect(none.json.code).toBe('validation_failed');
  });

  it('gets, updates and deletes by id', async () => {
    const u = await createUser();
    const got = await admin('GET', `/users/${u.id}`);
    expect(got.status).toBe(200);
    expect(got.json.email).toBe(u.email);

    const put = await admin('PUT', `/users/${u.id}`, {
      email_confirm: true,
      password: 'changed-pass',
      user_metadata: { a: 1 },
      app_metadata: { tier: 'gold' },
    });
    expect(put.status).toBe(200);
    expect(put.json.email_confirmed_at).toBeTruthy();
    expect(put.json.user_metadata).toMatchObject({ a: 1 });
    expect(put.json.app_metadata).toMatchObject({ provider: 'email', tier: 'gold' });
    const login = await call(app, deps, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email: u.email, password: 'changed-pass' },
    });
    expect(login.status).toBe(200);

    const del = await admin('DELETE', `/users/${u.id}`);
    expect(del.status).toBe(200);
    expect(del.json).toEqual({});
    expect((await admin('GET', `/users/${u.id}`)).status).toBe(404);
    const rows = await db.query(`select 1 from auth.identities where user_id = $1`, [u.id]);
    expect(rows.rows).toHaveLength(0);
  });

  it('soft delete keeps the row but frees the address and ends sessions', async () => {
    const u = await createUser({ email_confirm: true });
    const s = (await call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { body: { email: u.email, password: 'secret123' } })).json;
    const del = await admin('DELETE', `/users/${u.id}`, { should_soft_delete: true });
    expect(del.status).toBe(200);
    const row = await db.query<{ deleted_at: Date | null; email: string | null }>(`select deleted_at, email from auth.users where id = $1`, [u.id]);
    expect(row.rows[0]!.deleted_at).not.toBeNull();
    expect(row.rows[0]!.email).toBeNull();
    expect((await call(app, deps, 'GET', '/auth/v1/user', { token: s.access_token })).json.code).toBe('session_not_found');
    const again = await admin('POST', '/users', { email: u.email, password: 'secret123' });
    expect(again.status).toBe(200);
  });

  it('bans and unbans with ban_duration', async () => {
    const u = await createUser({ email_confirm: true });
    const ban = await admin('PUT', `/users/${u.id}`, { ban_duration: '24h' });
    expect(new Date(ban.json.banned_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const login = await call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { body: { email: u.email, password: 'secret123' } });
    expect(login.json.code).toBe('user_banned');
    const unban = await admin('PUT', `/users/${u.id}`, { ban_duration: 'none' });
    expect(unban.json.banned_until).toBeUndefined();
    const bad = await admin('PUT', `/users/${u.id}`, { ban_duration: 'forever' });
    expect(bad.status).toBe(400);
  });

  it('answers 404 validation_failed for a non-UUID id and 404 user_not_found for an unknown one', async () => {
    const bad = await admin('GET', '/users/not-a-uuid');
    expect(bad.status).toBe(404);
    expect(bad.json).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
    for (const method of ['PUT', 'DELETE']) {
      expect((await admin(method, '/users/123')).status).toBe(404);
    }
    const unknown = await admin('GET', '/users/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('user_not_found');
  });

  it('lists newest first with page/per_page, X-Total-Count and Link', async () => {
    for (let i = 0; i < 3; i++) await createUser();
    const total = Number((await admin('GET', '/users?page=&per_page=')).headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(3);

    const page1 = await admin('GET', '/users?page=1&per_page=2');
    expect(page1.status).toBe(200);
    expect(page1.json.aud).toBe('authenticated');
    expect(page1.json.users).toHaveLength(2);
    expect(new Date(page1.json.users[0].created_at) >= new Date(page1.json.users[1].created_at)).toBe(true);
    expect(page1.headers.get('x-total-count')).toBe(String(total));
    const lastPage = Math.ceil(total / 2);
    expect(page1.headers.get('link')).toBe(
      `</auth/v1/admin/users?page=2&per_page=2>; rel="next", </auth/v1/admin/users?page=${lastPage}&per_page=2>; rel="last"`,
    );
    const page2 = await admin('GET', '/users?page=2&per_page=2');
    expect(page2.json.users[0].id).not.toBe(page1.json.users[0].id);

    const bad = await admin('GET', '/users?page=abc');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
  });
});
