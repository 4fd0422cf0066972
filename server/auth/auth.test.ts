/**
 * /auth/v1 sign-up, sign-in, refresh, user and logout against a real
 * (in-memory) PGlite: protocol §2.1–§2.5.
 */
import type { Hono } from 'hono';
import type { AppDeps, AuthSettings } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { authApp, call, decodeJwt, openTestDb, testDeps, uniqueEmail, JWT_SECRET, type LooseJson } from './testing.ts';

let db: Database;
let deps: AppDeps;
let app: Hono;

function mount(d: AppDeps) {
  return authApp(d);
}

async function depsWith(over: Partial<AuthSettings>) {
  return testDeps(db, over);
}

beforeAll(async () => {
  db = await openTestDb();
  deps = await testDeps(db);
  app = mount(deps);
});
afterAll(() => db.close());

const req = (method: string, path: string, o?: Parameters<typeof call>[4]) => call(app, deps, method, path, o);

async function signUp(email = uniqueEmail(), password = 'secret123', data: object = {}) {
  const r = await req('POST', '/auth/v1/signup', { body: { email, password, data, gotrue_meta_security: {} } });
  expect(r.status).toBe(200);
  return r.json;
}

async function signIn(email: string, password = 'secret123') {
  return req('POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
}

async function refresh(token: string, a = app) {
  return call(a, deps, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: token } });
}

describe('POST /signup (auto-confirm)', () => {
  it('returns a session shaped as protocol §2.2 and writes user, identity, session, token rows', async () => {
    const email = uniqueEmail('Ann');
    const s = await signUp(email.toUpperCase(), 'secret123', { display_name: 'Ann' });
    expect(s).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(typeof s.access_token).toBe('string');
    expect(s.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(s.expires_at).toBeGreaterThan(Date.now() / 1000);
    const u = s.user;
    expect(u.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(u).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ann', email_verified: true },
      is_anonymous: false,
    });
    expect(u.email_confirmed_at).toBeTruthy();
    expect(u.confirmed_at).toBeTruthy();
    expect(u.identities).toHaveLength(1);
    expect(u.identities[0]).toMatchObject({ id: u.id, user_id: u.id, provider: 'email', email: email.toLowerCase() });
    expect(u.identities[0].identity_data).toMatchObject({ sub: u.id, email: email.toLowerCase() });

    const sessions = await db.query(`select id from auth.sessions where user_id = $1`, [u.id]);
    expect(sessions.rows).toHaveLength(1);
    const tokens = await db.query(`select token, revoked from auth.refresh_tokens where user_id = $1`, [u.id]);
    expect(tokens.rows).toEqual([{ token: s.refresh_token, revoked: false }]);
  });

  it('signs the access token with the claims of protocol §2.3', async () => {
    const s = await signUp();
    const [header] = s.access_token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(s.access_token);
    expect(claims).toMatchObject({
      iss: 'http://127.0.0.1:8080/auth/v1',
      sub: s.user.id,
      aud: 'authenticated',
      email: s.user.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const session = await db.query(`select 1 from auth.sessions where id = $1`, [claims.session_id]);
    expect(session.rows).toHaveLength(1);
  });

  it('stores a bcrypt hash (cost 10) as Supabase does', async () => {
    const s = await signUp();
    const r = await db.query<{ encrypted_password: string }>(`select encrypted_password from auth.users where id = $1`, [s.user.id]);
    expect(r.rows[0]!.encrypted_password).toMatch(/^\$2[ab]\$10\$[./A-Za-z0-9]{53}$/);
  });

  it('refuses a duplicate address with 422 user_already_exists, whatever its case', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const r = await req('POST', '/auth/v1/signup', { body: { email: email.toUpperCase(), password: 'another1' } });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ code: 'user_already_exists', message: 'User already registered' });
    expect(r.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(r.headers.get('x-sb-error-code')).toBe('user_already_exists');
  });

  it('lets exactly one of two racing sign-ups for one address win', async () => {
    const email = uniqueEmail('race');
    const body = { email, password: 'secret123' };
    const [a, b] = await Promise.all([req('POST', '/auth/v1/signup', { body }), req('POST', '/auth/v1/signup', { body })]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const rows = await db.query(`select 1 from auth.users where email = $1`, [email]);
    expect(rows.rows).toHaveLength(1);
  });

  it('rejects a short password with weak_password reasons and writes nothing', async () => {
    const email = uniqueEmail();
    const r = await req('POST', '/auth/v1/signup', { body: { email, password: '12345' } });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    const rows = await db.query(`select 1 from auth.users where email = $1`, [email]);
    expect(rows.rows).toHaveLength(0);
  });

  it('uses the configured minimum length and refuses passwords bcrypt cannot hold', async () => {
    const strict = await depsWith({ minimumPasswordLength: 10 });
    const r = await call(mount(strict), strict, 'POST', '/auth/v1/signup', { body: { email: uniqueEmail(), password: 'secret123' } });
    expect(r.json.message).toBe('Password should be at least 10 characters.');
    const long = await req('POST', '/auth/v1/signup', { body: { email: uniqueEmail(), password: 'x'.repeat(73) } });
    expect(long.status).toBe(400);
    expect(long.json.code).toBe('validation_failed');
  });

  it('validates the request: address format, missing fields, bad JSON, disabled sign-up', async () => {
    const bad = await req('POST', '/auth/v1/signup', { body: { email: 'not-an-email', password: 'secret123' } });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ code: 'validation_failed', message: 'Unable to validate email address: invalid format' });

    const none = await req('POST', '/auth/v1/signup', { body: { password: 'secret123' } });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('You must provide either an email or phone number and a password');

    const noPassword = await req('POST', '/auth/v1/signup', { body: { email: uniqueEmail() } });
    expect(noPassword.json).toEqual({ code: 'validation_failed', message: 'Signup requires a valid password' });

    const json = await req('POST', '/auth/v1/signup', { body: '{"email":' });
    expect(json.status).toBe(400);
    expect(json.json.code).toBe('bad_json');

    const deep = await req('POST', '/auth/v1/signup', { body: `{"email":"${uniqueEmail()}","password":"secret123","data":${'['.repeat(20_000)}${']'.repeat(20_000)}}` });
    expect(deep.status).toBe(400);
    expect(deep.json).toEqual({ code: 'bad_json', message: 'Could not parse request body as JSON: nested deeper than 64 levels' });

    const huge = await req('POST', '/auth/v1/signup', { body: { email: uniqueEmail(), password: 'x'.repeat(100_000) } });
    expect(huge.status).toBe(413);
    expect(huge.json.code).toBe('validation_failed');

    const closed = await depsWith({ enableSignup: false });
    const off = await call(mount(closed), closed, 'POST', '/auth/v1/signup', { body: { email: uniqueEmail(), password: 'secret123' } });
    expect(off.status).toBe(422);
    expect(off.json.code).toBe('signup_disabled');
  });
});

describe('POST /token?grant_type=password', () => {
  it('signs in with the right password and starts a second session', async () => {
    const email = uniqueEmail();
    const first = await signUp(email);
    const r = await signIn(email.toUpperCase());
    expect(r.status).toBe(200);
    expect(r.json.user.id).toBe(first.user.id);
    expect(r.json.user.last_sign_in_at).toBeTruthy();
    expect(r.json.weak_password).toBeUndefined();
    expect(decodeJwt(r.json.access_token).session_id).not.toBe(decodeJwt(first.access_token).session_id);
  });

  it('answers invalid_credentials for a wrong password and an unknown address alike', async () => {
    const email = uniqueEmail();
    await signUp(email);
    for (const r of [await signIn(email, 'wrong-password'), await signIn(uniqueEmail())]) {
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('requires an address and a password (spec §5)', async () => {
    const r = await req('POST', '/auth/v1/token?grant_type=password', { body: { email: uniqueEmail() } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      code: 'validation_failed',
      message: 'You must provide either an email or phone number and a password',
    });
  });

  it('warns about a password weaker than today’s rules but still signs in', async () => {
    const email = uniqueEmail();
    await signUp(email, 'secret123');
    const stricter = await depsWith({ minimumPasswordLength: 12 });
    const r = await call(mount(stricter), stricter, 'POST', '/auth/v1/token?grant_type=password', {
      body: { email, password: 'secret123' },
    });
    expect(r.status).toBe(200);
    expect(r.json.weak_password).toEqual({ message: 'Password should be at least 12 characters.', reasons: ['length'] });
  });

  it('rejects an unknown grant type', async () => {
    const r = await req('POST', '/auth/v1/token?grant_type=magic', { body: {} });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('validation_failed');
  });
});

describe('POST /token?grant_type=refresh_token', () => {
  it('rotates: the presented token is revoked and a child issued in the same session', async () => {
    const s = await signUp();
    const r = await refresh(s.refresh_token);
    expect(r.status).toBe(200);
    expect(r.json.refresh_token).not.toBe(s.refresh_token);
    expect(decodeJwt(r.json.access_token).session_id).toBe(decodeJwt(s.access_token).session_id);
    const rows = await db.query<{ token: string; revoked: boolean; parent: string | null }>(
      `select token, revoked, parent from auth.refresh_tokens where user_id = $1 order by id`,
      [s.user.id],
    );
    expect(rows.rows).toEqual([
      { token: s.refresh_token, revoked: true, parent: null },
      { token: r.json.refresh_token, revoked: false, parent: s.refresh_token },
    ]);
  });

  it('reflects current user metadata in the new access token', async () => {
    const s = await signUp();
    await req('PUT', '/auth/v1/user', { token: s.access_token, body: { data: { nickname: 'Bia' } } });
    const r = await refresh(s.refresh_token);
    expect(decodeJwt(r.json.access_token).user_metadata.nickname).toBe('Bia');
  });

  it('gives the live child again when the parent is replayed (lost response)', async () => {
    const s = await signUp();
    const first = await refresh(s.refresh_token);
    const replay = await refresh(s.refresh_token);
    expect(replay.status).toBe(200);
    expect(replay.json.refresh_token).toBe(first.json.refresh_token);
  });

  it('within the reuse interval issues a new token for an older revoked one', async () => {
    const s = await signUp();
    const a = await refresh(s.refresh_token);
    await refresh(a.json.refresh_token);
    const again = await refresh(s.refresh_token);
    expect(again.status).toBe(200);
  });

  it('after the reuse interval answers refresh_token_already_used and revokes the family', async () => {
    const noGrace = await depsWith({ refreshTokenReuseInterval: 0 });
    const strictApp = mount(noGrace);
    const s = await signUp();
    const a = await refresh(s.refresh_token, strictApp);
    const b = await refresh(a.json.refresh_token, strictApp);
    await new Promise((r) => setTimeout(r, 5));
    const reuse = await refresh(s.refresh_token, strictApp);
    expect(reuse.status).toBe(400);
    expect(reuse.json).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    // The whole family is gone: even the newest token no longer works.
    const newest = await refresh(b.json.refresh_token, strictApp);
    expect(newest.status).toBe(400);
    expect(newest.json.code).toBe('refresh_token_already_used');
  });

  /** As if `token` had been used `seconds` ago. */
  const usedAgo = (token: string, seconds: number) =>
    db.query(`update auth.refresh_tokens set updated_at = now() - make_interval(secs => $2) where token = $1`, [token, seconds]);

  it('hands out the live child for a replayed parent only within the reuse interval; later the replay ends the family', async () => {
    const s = await signUp();
    const live = await refresh(s.refresh_token);
    await usedAgo(s.refresh_token, 11.5);
    const stolen = await refresh(s.refresh_token);
    expect(stolen.status).toBe(400);
    expect(stolen.json.code).toBe('refresh_token_already_used');
    expect(stolen.json.refresh_token).toBeUndefined();
    // The token that was live is dead too, and so is the session behind the access tokens.
    expect((await refresh(live.json.refresh_token)).json.code).toBe('refresh_token_already_used');
    const user = await req('GET', '/auth/v1/user', { token: live.json.access_token });
    expect(user.status).toBe(403);
  });

  it('once a reuse is detected no token of the family works again, not even at once', async () => {
    const s = await signUp();
    const a = await refresh(s.refresh_token);
    const b = await refresh(a.json.refresh_token);
    await usedAgo(s.refresh_token, 60);
    expect((await refresh(s.refresh_token)).json.code).toBe('refresh_token_already_used');
    // b was live a moment ago; its revocation must not open a new reuse window.
    for (const token of [b.json.refresh_token, a.json.refresh_token, s.refresh_token]) {
      const r = await refresh(token);
      expect(r.status).toBe(400);
      expect(r.json.code).toBe('refresh_token_already_used');
    }
  });

  it('refuses unknown and missing tokens', async () => {
    const unknown = await refresh('nosuchtoken1');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
    const missing = await req('POST', '/auth/v1/token?grant_type=refresh_token', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('GET and PUT /user', () => {
  it('returns the signed-in user', async () => {
    const s = await signUp();
    const r = await req('GET', '/auth/v1/user', { token: s.access_token });
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(s.user.id);
    expect(r.json.identities).toHaveLength(1);
  });

  it('needs a valid user JWT with a live session', async () => {
    const none = await req('GET', '/auth/v1/user', { token: null });
    expect(none.status).toBe(401);
    expect(none.json.code).toBe('no_authorization');

    const forged = await req('GET', '/auth/v1/user', { token: 'a.b.c' });
    expect(forged.status).toBe(403);
    expect(forged.json.code).toBe('bad_jwt');

    const anon = await req('GET', '/auth/v1/user');
    expect(anon.status).toBe(403);
    expect(anon.json.code).toBe('bad_jwt');

    const s = await signUp();
    await req('POST', '/auth/v1/logout?scope=local', { token: s.access_token });
    const gone = await req('GET', '/auth/v1/user', { token: s.access_token });
    expect(gone.status).toBe(403);
    expect(gone.json.code).toBe('session_not_found');
  });

  it('rejects an expired token with bad_jwt', async () => {
    const { SignJWT } = await import('jose');
    const s = await signUp();
    const expired = await new SignJWT({ sub: s.user.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const r = await req('GET', '/auth/v1/user', { token: expired });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('bad_jwt');
    expect(r.json.message).toMatch(/token is expired/);
  });

  it('merges data into user_metadata, a null deleting a key', async () => {
    const s = await signUp(uniqueEmail(), 'secret123', { a: 1, b: 2 });
    const r = await req('PUT', '/auth/v1/user', { token: s.access_token, body: { data: { b: null, c: { d: null } } } });
    expect(r.status).toBe(200);
    expect(r.json.user_metadata).toEqual({ a: 1, c: { d: null }, email_verified: true });
  });

  it('changes the password, ends other sessions, and keeps this one', async () => {
    const email = uniqueEmail();
    const s = await signUp(email);
    const other = await signIn(email);
    const weak = await req('PUT', '/auth/v1/user', { token: s.access_token, body: { password: '123' } });
    expect(weak.status).toBe(422);
    expect(weak.json.weak_password).toEqual({ reasons: ['length'] });
    const same = await req('PUT', '/auth/v1/user', { token: s.access_token, body: { password: 'secret123' } });
    expect(same.status).toBe(422);
    expect(same.json.code).toBe('same_password');

    const ok = await req('PUT', '/auth/v1/user', { token: s.access_token, body: { password: 'brand-new-pass' } });
    expect(ok.status).toBe(200);
    expect((await signIn(email)).status).toBe(400);
    expect((await signIn(email, 'brand-new-pass')).status).toBe(200);
    expect((await req('GET', '/auth/v1/user', { token: s.access_token })).status).toBe(200);
    expect((await req('GET', '/auth/v1/user', { token: other.json.access_token })).json.code).toBe('session_not_found');
  });
});

describe('POST /logout', () => {
  async function threeSessions() {
    const email = uniqueEmail();
    const a = await signUp(email);
    const b = (await signIn(email)).json;
    const c = (await signIn(email)).json;
    return { a, b, c };
  }
  const works = async (s: LooseJson) => (await req('GET', '/auth/v1/user', { token: s.access_token })).status === 200;

  it('scope=local ends only this session; its refresh token stops working', async () => {
    const { a, b, c } = await threeSessions();
    const r = await req('POST', '/auth/v1/logout?scope=local', { token: a.access_token });
    expect(r.status).toBe(204);
    expect(r.json).toBeUndefined();
    expect((await refresh(a.refresh_token)).json.code).toBe('refresh_token_not_found');
    expect([await works(a), await works(b), await works(c)]).toEqual([false, true, true]);
    expect((await refresh(b.refresh_token)).status).toBe(200);
  });

  it('scope=others ends every other session', async () => {
    const { a, b, c } = await threeSessions();
    expect((await req('POST', '/auth/v1/logout?scope=others', { token: a.access_token })).status).toBe(204);
    expect([await works(a), await works(b), await works(c)]).toEqual([true, false, false]);
    expect((await refresh(b.refresh_token)).status).toBe(400);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });

  it('scope=global (the default) ends them all', async () => {
    const { a, b, c } = await threeSessions();
    expect((await req('POST', '/auth/v1/logout', { token: a.access_token })).status).toBe(204);
    expect([await works(a), await works(b), await works(c)]).toEqual([false, false, false]);
    for (const s of [a, b, c]) expect((await refresh(s.refresh_token)).json.code).toBe('refresh_token_not_found');
  });

  it('keeps other users signed in', async () => {
    const mine = await signUp();
    const theirs = await signUp();
    await req('POST', '/auth/v1/logout?scope=global', { token: mine.access_token });
    expect(await works(theirs)).toBe(true);
  });

  it('refuses an unknown scope', async () => {
    const s = await signUp();
    const r = await req('POST', '/auth/v1/logout?scope=everyone', { token: s.access_token });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everyone"' });
    expect(await works(s)).toBe(true);
  });
});

describe('settings, health, jwks', () => {
  it('describe this instance', async () => {
    const settings = await req('GET', '/auth/v1/settings');
    expect(settings.json).toMatchObject({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
    });
    expect((await req('GET', '/auth/v1/health')).json.name).toBe('GoTrue');
    const jwks = await req('GET', '/auth/v1/.well-known/jwks.json');
    expect(jwks.json).toEqual({ keys: [] });
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
  });
});

describe('caching (issue 22)', () => {
  it('token, user, sign-up, error and verify answers are no-store (RFC 6749 §5.1); the public key set alone is cacheable', async () => {
    const email = uniqueEmail('cache');
    const signedUp = await req('POST', '/auth/v1/signup', { body: { email, password: 'secret123' } });
    const token = await signIn(email);
    const refused = await signIn(email, 'wrong-password');
    const user = await req('GET', '/auth/v1/user', { token: token.json.access_token });
    const refreshed = await refresh(token.json.refresh_token);
    const invalid = await req('POST', '/auth/v1/signup', { body: {} });
    expect(invalid.status).toBe(400);
    for (const [name, r] of Object.entries({ signedUp, token, refused, user, refreshed, invalid })) {
      expect(r.headers.get('cache-control'), name).toBe('no-store');
      expect(r.headers.get('pragma'), name).toBe('no-cache');
    }
    expect(refused.status).toBe(400);
    const verify = await app.request('/auth/v1/verify?token=nope&type=signup');
    expect(verify.status).toBe(303);
    expect(verify.headers.get('cache-control')).toBe('no-store');
    expect((await req('GET', '/auth/v1/.well-known/jwks.json')).headers.get('cache-control')).toBe('public, max-age=600');
  });
});
