/**
 * Password recovery (issue 14): POST /recover → a mail in <dataDir>/outbox →
 * GET /verify?type=recovery → a session in the redirect (implicit) or a
 * `?code=` for POST /token?grant_type=pkce; then PUT /user with the new
 * password. No enumeration, one-time links, expiry, limits.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { readOutbox } from '../mail/outbox-reader.ts';
import { verifyLinkIn } from './mailer.ts';
import { authApp, call, decodeJwt, openTestDb, testDeps, uniqueEmail } from './testing.ts';

let db: Database;
let deps: AppDeps;
let app: Hono;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'auth-recovery-'));
  db = await openTestDb();
  deps = await testDeps(db, {}, dataDir);
  app = authApp(deps);
});
afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const mailsToAddress = (email: string) => readOutbox(dataDir, email);

async function linkTo(email: string): Promise<URL> {
  const mails = await mailsToAddress(email);
  expect(mails.length).toBeGreaterThan(0);
  const link = verifyLinkIn(mails[mails.length - 1]!.text);
  expect(link).toBeDefined();
  return new URL(link!);
}

async function follow(link: URL) {
  const res = await app.request(link.pathname + link.search, { headers: { 'user-agent': 'test' } }, { incoming: { socket: { remoteAddress: '10.0.0.1' } } });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location')!);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function newUser(tag: string) {
  const email = uniqueEmail(tag);
  const r = await call(app, deps, 'POST', '/auth/v1/signup', { body: { email, password: 'old-secret' } });
  expect(r.status).toBe(200);
  return { email, id: r.json.user.id as string, session: r.json };
}

const recover = (email: string, o: { ip?: string; body?: Record<string, unknown>; app?: Hono; deps?: AppDeps } = {}) =>
  call(o.app ?? app, o.deps ?? deps, 'POST', '/auth/v1/recover?redirect_to=' + encodeURIComponent('http://127.0.0.1:8080/auth'), {
    body: { email, ...o.body },
    ip: o.ip,
  });

const signIn = (email: string, password: string) =>
  call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password } });

describe('POST /recover', () => {
  it('answers {} for a known and an unknown address alike, and mails only the known one', async () => {
    const { email } = await newUser('known');
    const unknown = uniqueEmail('nobody');
    const a = await recover(email);
    const b = await recover(unknown);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json).toEqual({});
    expect(b.json).toEqual(a.json);
    expect(await mailsToAddress(email)).toHaveLength(1);
    expect(await mailsToAddress(unknown)).toHaveLength(0);
    // Only the token's hash is stored.
    const link = await linkTo(email);
    const token = link.searchParams.get('token')!;
    const row = (await db.query<{ recovery_token: string }>('select recovery_token from auth.users where email = $1', [email])).rows[0]!;
    expect(row.recovery_token).toBe(createHash('sha256').update(token).digest('hex'));
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:8080/auth');
  });

  it('refuses a missing or malformed address with a 400', async () => {
    expect((await recover('')).json).toMatchObject({ code: 'validation_failed', message: 'Password recovery requires an email' });
    const bad = await recover('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
  });

  it('limits requests per address, known or not, with the same 429 (no enumeration through the limit)', async () => {
    const { email } = await newUser('limit');
    const unknown = uniqueEmail('limit-nobody');
    for (const address of [email, unknown]) {
      const limited = await testDeps(db, { rateLimitEmailSent: 2, emailMaxFrequency: 0 }, dataDir);
      const limitedApp = authApp(limited);
      expect((await recover(address, { app: limitedApp, deps: limited, ip: '10.7.0.1' })).status).toBe(200);
      expect((await recover(address, { app: limitedApp, deps: limited, ip: '10.7.0.2' })).status).toBe(200);
      const third = await recover(address, { app: limitedApp, deps: limited, ip: '10.7.0.3' });
      expect(third.status).toBe(429);
      expect(third.json).toEqual({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' });
    }
    expect(await mailsToAddress(email)).toHaveLength(2);
  });

  it('asks for max_frequency seconds between two requests for one address', async () => {
    const spaced = await testDeps(db, { emailMaxFrequency: 60 }, dataDir);
    const spacedApp = authApp(spaced);
    const unknown = uniqueEmail('spaced');
    expect((await recover(unknown, { app: spacedApp, deps: spaced })).status).toBe(200);
    const again = await recover(unknown, { app: spacedApp, deps: spaced });
    expect(again.status).toBe(429);
    expect(again.json.message).toBe('For security purposes, you can only request this after 60 seconds.');
  });
});

describe('the recovery link (implicit flow)', () => {
  it('signs in with type=recovery and amr "recovery"; the new password then works and the old one not', async () => {
    const { email, id } = await newUser('reset');
    const other = await signIn(email, 'old-secret'); // another device's session
    await recover(email);
    const { location, fragment } = await follow(await linkTo(email));
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:8080/auth');
    expect(fragment.get('type')).toBe('recovery');
    const token = fragment.get('access_token')!;
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: id, aal: 'aal1' });
    expect(claims.amr[0].method).toBe('recovery');

    const changed = await call(app, deps, 'PUT', '/auth/v1/user', { token, body: { password: 'new-secret-1' } });
    expect(changed.status).toBe(200);
    expect((await signIn(email, 'old-secret')).status).toBe(400);
    expect((await signIn(email, 'new-secret-1')).status).toBe(200);
    // The other device's session ended with the password change.
    const refreshed = await call(app, deps, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: other.json.refresh_token },
    });
    expect(refreshed.status).toBe(400);
  });

  it('works once', async () => {
    const { email } = await newUser('once');
    await recover(email);
    const link = await linkTo(email);
    expect((await follow(link)).fragment.get('access_token')).toBeTruthy();
    const again = await follow(link);
    expect(again.fragment.get('access_token')).toBeNull();
    expect(Object.fromEntries(again.fragment)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
  });

  it('expires after otp_expiry, and a newer mail replaces an older link', async () => {
    const { email } = await newUser('expiry');
    await recover(email);
    const first = await linkTo(email);
    await recover(email);
    const second = await linkTo(email);
    expect(second.href).not.toBe(first.href);
    expect((await follow(first)).fragment.get('error_code')).toBe('otp_expired');
    await db.query(`update auth.users set recovery_sent_at = now() - interval '2 hours' where email = $1`, [email]);
    expect((await follow(second)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('applies the sign-up password rule to the new password, and changes nothing when refused', async () => {
    const { email } = await newUser('weak');
    await recover(email);
    const token = (await follow(await linkTo(email))).fragment.get('access_token')!;
    const weak = await call(app, deps, 'PUT', '/auth/v1/user', { token, body: { password: '123' } });
    expect(weak.status).toBe(422);
    expect(weak.json.code).toBe('weak_password');
    expect((await signIn(email, 'old-secret')).status).toBe(200);
  });
});

describe('the recovery link (PKCE)', () => {
  const verifier = 'v'.repeat(20) + '-verifier-of-at-least-43-characters-long';
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('redirects with ?code=, which only the verifier turns into a session, once', async () => {
    const { email, id } = await newUser('pkce');
    await recover(email, { body: { code_challenge: challenge, code_challenge_method: 's256' } });
    const link = await linkTo(email);
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    const { location } = await follow(link);
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const exchange = (code_verifier: string) =>
      call(app, deps, 'POST', '/auth/v1/token?grant_type=pkce', { body: { auth_code: code, code_verifier } });
    const wrong = await exchange('w'.repeat(50));
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe('bad_code_verifier');
    const ok = await exchange(verifier);
    expect(ok.status).toBe(200);
    expect(ok.json.user.id).toBe(id);
    expect(decodeJwt(ok.json.access_token).amr[0].method).toBe('recovery');
    const replay = await exchange(verifier);
    expect(replay.status).toBe(404);
    expect(replay.json.code).toBe('flow_state_not_found');
  });

  it('refuses half a challenge', async () => {
    const r = await recover(uniqueEmail('half'), { body: { code_challenge: challenge } });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('PKCE flow requires code_challenge_method and code_challenge');
  });
});
