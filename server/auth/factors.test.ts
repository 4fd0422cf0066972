/**
 * Two-factor sign-in with TOTP (issue 14), as GoTrue serves it: enrol,
 * challenge, verify (aal2), unenrol; replays, wrong codes, limits, and what
 * the session's level allows.
 */
import type { Hono } from 'hono';
import { Secret, TOTP } from 'otpauth';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { authApp, call, decodeJwt, openTestDb, testDeps, uniqueEmail, type LooseJson } from './testing.ts';

let db: Database;
let deps: AppDeps;
let app: Hono;

beforeAll(async () => {
  db = await openTestDb();
  deps = await testDeps(db);
  app = authApp(deps);
});
afterAll(() => db.close());

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function signedIn(tag = 'mfa') {
  const email = uniqueEmail(tag);
  const r = await call(app, deps, 'POST', '/auth/v1/signup', { body: { email, password: 'secret123' } });
  expect(r.status).toBe(200);
  return { email, token: r.json.access_token as string, refresh: r.json.refresh_token as string };
}

const signIn = async (email: string) =>
  (await call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'secret123' } })).json;

async function enroll(token: string, friendly_name = '') {
  const r = await call(app, deps, 'POST', '/auth/v1/factors', { token, body: { factor_type: 'totp', friendly_name, issuer: 'Site' } });
  expect(r.status).toBe(200);
  return r.json;
}

async function challengeAndVerify(token: string, factorId: string, code: string, ip?: string) {
  const ch = await call(app, deps, 'POST', `/auth/v1/factors/${factorId}/challenge`, { token, body: {}, ip });
  expect(ch.status).toBe(200);
  return call(app, deps, 'POST', `/auth/v1/factors/${factorId}/verify`, { token, body: { challenge_id: ch.json.id, code }, ip });
}

/** A user with a verified factor and an aal2 session. */
async function withFactor(tag = 'mfa') {
  const user = await signedIn(tag);
  const factor = await enroll(user.token);
  const verified = await challengeAndVerify(user.token, factor.id, codeFor(factor.totp.secret));
  expect(verified.status).toBe(200);
  return { ...user, factor, secret: factor.totp.secret as string, aal2: verified.json as LooseJson };
}

describe('POST /factors (enrol)', () => {
  it('returns the secret, an otpauth URI and a QR code SVG usable in a data: URL; the factor is unverified', async () => {
    const { token, email } = await signedIn();
    const f = await enroll(token, 'Telefone');
    expect(f).toMatchObject({ type: 'totp', friendly_name: 'Telefone' });
    expect(f.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(f.totp.uri).toContain(`otpauth://totp/Site:${encodeURIComponent(email)}?`);
    expect(f.totp.uri).toContain(`secret=${f.totp.secret}`);
    expect(f.totp.qr_code).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(f.totp.qr_code).not.toContain('#');
    const user = await call(app, deps, 'GET', '/auth/v1/user', { token });
    expect(user.json.factors).toEqual([expect.objectContaining({ id: f.id, status: 'unverified', factor_type: 'totp' })]);
    expect(JSON.stringify(user.json)).not.toContain(f.totp.secret);
  });

  it('refuses other factor types and duplicate names', async () => {
    const { token } = await signedIn();
    const phone = await call(app, deps, 'POST', '/auth/v1/factors', { token, body: { factor_type: 'phone', phone: '+351900000000' } });
    expect(phone.status).toBe(422);
    const odd = await call(app, deps, 'POST', '/auth/v1/factors', { token, body: { factor_type: 'sms' } });
    expect(odd.json).toMatchObject({ code: 'validation_failed', message: 'factor_type needs to be totp, phone, or webauthn' });
    await enroll(token, 'A');
    const dup = await call(app, deps, 'POST', '/auth/v1/factors', { token, body: { factor_type: 'totp', friendly_name: 'A' } });
    expect(dup.status).toBe(422);
    expect(dup.json.code).toBe('mfa_factor_name_conflict');
  });

  it('needs aal2 to add a factor once one is verified', async () => {
    const { email } = await withFactor();
    const aal1 = await signIn(email);
    const r = await call(app, deps, 'POST', '/auth/v1/factors', { token: aal1.access_token, body: { factor_type: 'totp', friendly_name: 'B' } });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('insufficient_aal');
  });
});

describe('challenge and verify', () => {
  it('gives an aal2 session with amr totp and password; refreshing keeps it; the factor is verified', async () => {
    const { aal2, token, factor } = await withFactor();
    const claims = decodeJwt(aal2.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a: LooseJson) => a.method)).toEqual(['totp', 'password']);
    expect(claims.session_id).toBe(decodeJwt(token).session_id);
    expect(aal2.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
    const refreshed = await call(app, deps, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: aal2.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.json.access_token).aal).toBe('aal2');
  });

  it('a new password sign-in is aal1 until its own code is verified', async () => {
    const { email, factor, secret } = await withFactor();
    const s = await signIn(email);
    expect(decodeJwt(s.access_token).aal).toBe('aal1');
    expect(s.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })]);
    // The code of the next time step: the one used at enrolment was spent.
    const r = await challengeAndVerify(s.access_token, factor.id, codeFor(secret, 1));
    expect(r.status).toBe(200);
    expect(decodeJwt(r.json.access_token).aal).toBe('aal2');
  });

  it('refuses a wrong code, a used code (replay) and a stale challenge, changing nothing', async () => {
    const { email, factor, secret } = await withFactor();
    const s = await signIn(email);
    const wrong = await challengeAndVerify(s.access_token, factor.id, '000000' === codeFor(secret) ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
    // The enrolment's code, again.
    const replay = await challengeAndVerify(s.access_token, factor.id, codeFor(secret));
    expect(replay.status).toBe(422);
    expect(replay.json.code).toBe('mfa_verification_failed');
    // A code two steps away is outside the ±1 window.
    const far = await challengeAndVerify(s.access_token, factor.id, codeFor(secret, 3));
    expect(far.status).toBe(422);
    const stale = await call(app, deps, 'POST', `/auth/v1/factors/${factor.id}/challenge`, { token: s.access_token, body: {} });
    await db.query(`update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = $1`, [stale.json.id]);
    const expired = await call(app, deps, 'POST', `/auth/v1/factors/${factor.id}/verify`, {
      token: s.access_token,
      body: { challenge_id: stale.json.id, code: codeFor(secret, 1) },
    });
    expect(expired.status).toBe(422);
    expect(expired.json.code).toBe('mfa_challenge_expired');
    const session = await db.query<{ aal: string }>('select aal from auth.sessions where id = $1', [decodeJwt(s.access_token).session_id]);
    expect(session.rows[0]!.aal).toBe('aal1');
  });

  it('refuses a challenge answered from another address', async () => {
    const { email, factor, secret } = await withFactor();
    const s = await signIn(email);
    const ch = await call(app, deps, 'POST', `/auth/v1/factors/${factor.id}/challenge`, { token: s.access_token, body: {}, ip: '10.1.1.1' });
    const r = await call(app, deps, 'POST', `/auth/v1/factors/${factor.id}/verify`, {
      token: s.access_token,
      body: { challenge_id: ch.json.id, code: codeFor(secret, 1) },
      ip: '10.2.2.2',
    });
    expect(r.status).toBe(422);
    expect(r.json.code).toBe('mfa_ip_address_mismatch');
  });

  it('limits wrong codes per factor: the sixth attempt in five minutes is a 429, even with the right code', async () => {
    const { email, factor, secret } = await withFactor();
    const s = await signIn(email);
    const wrongCode = codeFor(secret, 1) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await challengeAndVerify(s.access_token, factor.id, wrongCode)).status).toBe(422);
    const blocked = await challengeAndVerify(s.access_token, factor.id, codeFor(secret, 1));
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('over_request_rate_limit');
  });

  it("answers 404 for a factor that is not the caller's", async () => {
    const { factor } = await withFactor();
    const stranger = await signedIn('stranger');
    const r = await call(app, deps, 'POST', `/auth/v1/factors/${factor.id}/challenge`, { token: stranger.token, body: {} });
    expect(r.status).toBe(404);
    expect(r.json.code).toBe('mfa_factor_not_found');
  });

  it('ends the other aal1 sessions of the user when a factor is verified', async () => {
    const user = await signedIn('others');
    const laptop = await signIn(user.email);
    const factor = await enroll(user.token);
    expect((await challengeAndVerify(user.token, factor.id, codeFor(factor.totp.secret))).status).toBe(200);
    const r = await call(app, deps, 'GET', '/auth/v1/user', { token: laptop.access_token });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('session_not_found');
  });
});

describe('with a factor, an aal1 session', () => {
  it('cannot change the password (401 insufficient_aal); an aal2 session can', async () => {
    const { email, aal2 } = await withFactor();
    const s = await signIn(email);
    const refused = await call(app, deps, 'PUT', '/auth/v1/user', { token: s.access_token, body: { password: 'other-secret' } });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('insufficient_aal');
    const ok = await call(app, deps, 'PUT', '/auth/v1/user', { token: aal2.access_token, body: { password: 'other-secret' } });
    expect(ok.status).toBe(200);
  });

  it('cannot remove a verified factor; aal2 can, and the session falls back to aal1 on refresh', async () => {
    const { email, factor, aal2 } = await withFactor();
    const s = await signIn(email);
    const refused = await call(app, deps, 'DELETE', `/auth/v1/factors/${factor.id}`, { token: s.access_token });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('insufficient_aal');
    const ok = await call(app, deps, 'DELETE', `/auth/v1/factors/${factor.id}`, { token: aal2.access_token });
    expect(ok.json).toEqual({ id: factor.id });
    const refreshed = await call(app, deps, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: aal2.refresh_token } });
    expect(decodeJwt(refreshed.json.access_token).aal).toBe('aal1');
    expect(refreshed.json.user.factors).toBeUndefined();
  });
});

describe('POST /logout scopes', () => {
  it('honours local, others and global, and refuses any other scope with a 400', async () => {
    const user = await signedIn('scopes');
    const [a, b, c] = [await signIn(user.email), await signIn(user.email), await signIn(user.email)];
    const alive = async (t: string) => (await call(app, deps, 'GET', '/auth/v1/user', { token: t })).status === 200;
    const bad = await call(app, deps, 'POST', '/auth/v1/logout?scope=everyone', { token: a.access_token });
    expect(bad.status).toBe(400);
    expect(await alive(a.access_token)).toBe(true);
    expect((await call(app, deps, 'POST', '/auth/v1/logout?scope=local', { token: a.access_token })).status).toBe(204);
    expect([await alive(a.access_token), await alive(b.access_token)]).toEqual([false, true]);
    expect((await call(app, deps, 'POST', '/auth/v1/logout?scope=others', { token: b.access_token })).status).toBe(204);
    expect([await alive(b.access_token), await alive(c.access_token), await alive(user.token)]).toEqual([true, false, false]);
    expect((await call(app, deps, 'POST', '/auth/v1/logout?scope=global', { token: b.access_token })).status).toBe(204);
    expect(await alive(b.access_token)).toBe(false);
  });
});
