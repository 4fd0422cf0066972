/**
 * Email confirmation (config.toml [auth.email] enable_confirmations = true):
 * sign-up → mail file in <dataDir>/outbox → GET /verify → confirmed, with the
 * session in the redirect fragment (protocol §2.1).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { readOutbox } from '../mail/outbox-reader.ts';
import { verifyLinkIn } from './mailer.ts';
import { isAllowedRedirect } from './redirect.ts';
import { authApp, call, decodeJwt, openTestDb, TEST_API_URL, testDeps, uniqueEmail } from './testing.ts';

let db: Database;
let deps: AppDeps;
let app: Hono;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'auth-outbox-'));
  db = await openTestDb();
  deps = await testDeps(db, { enableConfirmations: true }, dataDir);
  app = authApp(deps);
});
afterAll(async () => {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function mailTo(email: string): Promise<string> {
  const mine = await readOutbox(dataDir, email);
  expect(mine.length).toBeGreaterThan(0);
  return mine[mine.length - 1]!.text;
}

function linkIn(mail: string): URL {
  const link = verifyLinkIn(mail);
  expect(link).toBeDefined();
  return new URL(link!);
}

const signIn = (email: string) =>
  call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'secret123' } });

describe('mail limits (config.toml [auth.rate_limit] email_sent, [auth.email] max_frequency)', () => {
  it('mails one address at most once per max_frequency, and all addresses at most email_sent times an hour', async () => {
    const limited = await testDeps(db, { enableConfirmations: true, rateLimitEmailSent: 2, emailMaxFrequency: 60 }, dataDir);
    const limitedApp = authApp(limited);
    const signUp = (email: string, ip: string) =>
      call(limitedApp, limited, 'POST', '/auth/v1/signup', { body: { email, password: 'secret123' }, ip });
    const first = uniqueEmail('limit');
    expect((await signUp(first, '10.9.0.1')).status).toBe(200);

    // The same unconfirmed address again, at once: too soon.
    const again = await signUp(first, '10.9.0.2');
    expect(again.status).toBe(429);
    expect(again.json.code).toBe('over_email_send_rate_limit');
    expect(again.json.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);

    expect((await signUp(uniqueEmail('limit'), '10.9.0.3')).status).toBe(200);
    // A third mail within the hour: refused, and no account is left without its mail.
    const third = uniqueEmail('limit');
    const over = await signUp(third, '10.9.0.4');
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' });
    expect((await db.query('select 1 from auth.users where email = $1', [third])).rows).toHaveLength(0);
  });
});

describe('a registered address answers as a new one (issue 22)', () => {
  it('same shape, the same 429 when repeated too soon, and the same share of the hourly mail budget', async () => {
    const limited = await testDeps(db, { enableConfirmations: true, rateLimitEmailSent: 3, emailMaxFrequency: 60 }, dataDir);
    const limitedApp = authApp(limited);
    const signUp = (email: string, ip: string) =>
      call(limitedApp, limited, 'POST', '/auth/v1/signup', { body: { email, password: 'secret123' }, ip });
    const registered = uniqueEmail('registered');
    await db.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at, raw_app_meta_data, raw_user_meta_data)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), now(), now(), '{}', '{}')`,
      [registered],
    );
    const fresh = uniqueEmail('fresh');

    const answers = [await signUp(registered, '10.8.0.1'), await signUp(fresh, '10.8.0.2')];
    for (const r of answers) expect(r.status).toBe(200);
    expect(Object.keys(answers[0]!.json).sort()).toEqual(Object.keys(answers[1]!.json).sort());
    expect(await readOutbox(dataDir, registered)).toEqual([]);

    const again = [await signUp(registered, '10.8.0.3'), await signUp(fresh, '10.8.0.4')];
    for (const r of again) {
      expect(r.status).toBe(429);
      expect(r.json.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
    }
    // Both counted against email_sent (3): one more fits, then the budget is spent for everyone.
    expect((await signUp(uniqueEmail('third'), '10.8.0.5')).status).toBe(200);
    expect((await signUp(uniqueEmail('fourth'), '10.8.0.6')).status).toBe(429);
  });
});

describe('sign-up with confirmations on', () => {
  it('writes the link from API_EXTERNAL_URL, never from the Host a request names (issue 10)', async () => {
    const email = uniqueEmail('host');
    const r = await app.request('http://attacker.example/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: deps.anonKey, 'Content-Type': 'application/json', Host: 'attacker.example', 'X-Forwarded-Host': 'attacker.example' },
      body: JSON.stringify({ email, password: 'secret123' }),
    });
    expect(r.status).toBe(200);
    const mail = await mailTo(email);
    expect(mail).not.toContain('attacker.example');
    const link = linkIn(mail);
    expect(link.origin).toBe(TEST_API_URL);
    // The session the link gives is issued by the configured address too.
    const verify = await app.request(link.pathname + link.search, { headers: { Host: 'attacker.example' } });
    const fragment = new URLSearchParams(new URL(verify.headers.get('location')!).hash.slice(1));
    expect(decodeJwt(fragment.get('access_token')!).iss).toBe(`${TEST_API_URL}/auth/v1`);
  });

  it('returns the user without a session, mails a link that confirms and signs in', async () => {
    const email = uniqueEmail('confirm');
    const r = await call(app, deps, 'POST', `/auth/v1/signup?redirect_to=${encodeURIComponent('http://localhost:8080/admin')}`, {
      body: { email, password: 'secret123', data: {} },
    });
    expect(r.status).toBe(200);
    expect(r.json.access_token).toBeUndefined();
    expect(r.json.email).toBe(email);
    expect(r.json.confirmation_sent_at).toBeTruthy();
    expect(r.json.email_confirmed_at).toBeUndefined();
    expect(r.json.identities).toHaveLength(1);

    const before = await signIn(email);
    expect(before.status).toBe(400);
    expect(before.json).toEqual({ code: 'email_not_confirmed', message: 'Email not confirmed' });

    const link = linkIn(await mailTo(email));
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:8080/admin');
    // Only a hash of the token is stored.
    const stored = await db.query<{ confirmation_token: string }>(`select confirmation_token from auth.users where email = $1`, [email]);
    expect(stored.rows[0]!.confirmation_token).not.toBe(link.searchParams.get('token'));

    const verify = await app.request(link.pathname + link.search);
    expect(verify.status).toBe(303);
    const location = new URL(verify.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://localhost:8080/admin');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(decodeJwt(fragment.get('access_token')!).email).toBe(email);
    const me = await call(app, deps, 'GET', '/auth/v1/user', { token: fragment.get('access_token') });
    expect(me.json.email_confirmed_at).toBeTruthy();
    expect(me.json.user_metadata.email_verified).toBe(true);
    const refreshed = await call(app, deps, 'POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: fragment.get('refresh_token') },
    });
    expect(refreshed.status).toBe(200);

    expect((await signIn(email)).status).toBe(200);

    // The link works once.
    const again = await app.request(link.pathname + link.search);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('#error=access_denied&error_code=otp_expired');
  });

  it('sends links to the site URL when redirect_to is not allowed', async () => {
    const email = uniqueEmail('evil');
    await call(app, deps, 'POST', `/auth/v1/signup?redirect_to=${encodeURIComponent('https://evil.example/steal')}`, {
      body: { email, password: 'secret123' },
    });
    const link = linkIn(await mailTo(email));
    expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:8080');
    const tampered = new URL(link);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    const verify = await app.request(tampered.pathname + tampered.search);
    expect(verify.headers.get('location')!.startsWith('http://127.0.0.1:8080#access_token=')).toBe(true);
  });

  it('does not reveal a registered, confirmed address: a look-alike user with no identities', async () => {
    const email = uniqueEmail('known');
    const first = await call(app, deps, 'POST', '/auth/v1/signup', { body: { email, password: 'secret123' } });
    const link = linkIn(await mailTo(email));
    await app.request(link.pathname + link.search);
    const again = await call(app, deps, 'POST', '/auth/v1/signup', { body: { email, password: 'other-pass' } });
    expect(again.status).toBe(200);
    expect(again.json.id).not.toBe(first.json.id);
    expect(again.json.identities).toEqual([]);
    expect((await signIn(email)).status).toBe(200); // the real password is untouched
  });

  it('a bad token redirects with the error fragment', async () => {
    const r = await app.request('/auth/v1/verify?token=nope&type=signup');
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(
      'http://127.0.0.1:8080#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
  });

  it('reports mailer_autoconfirm false in /settings', async () => {
    const r = await call(app, deps, 'GET', '/auth/v1/settings');
    expect(r.json.mailer_autoconfirm).toBe(false);
  });
});

describe('isAllowedRedirect', () => {
  const settings = { siteUrl: 'http://127.0.0.1:8080', additionalRedirectUrls: ['http://localhost:5173', 'https://*.example.com/**'] };
  it.each([
    ['http://127.0.0.1:8080/pt', true],
    ['http://localhost:5173/auth', true],
    ['https://preview.example.com/x/y', true],
    ['http://127.0.0.1:9999/', false],
    ['https://evil.com/?http://127.0.0.1:8080', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    ['http://127.0.0.1:8080', true],
    ['http://127.0.0.1:8080/', true],
    ['http://127.0.0.1:8080/auth?redefinir-senha', true],
    // Same origin, but a path a browser reads as another host once the site redirects there (issue 22).
    ['http://127.0.0.1:8080//x//attacker.example/', false],
    ['http://127.0.0.1:8080//attacker.example', false],
    ['http://127.0.0.1:8080///attacker.example', false],
    ['http://127.0.0.1:8080/\\attacker.example', false],
    ['http://127.0.0.1:8080/\\/attacker.example', false],
    ['http://127.0.0.1:8080/%2F%2Fattacker.example', false],
    ['http://127.0.0.1:8080/%5Cattacker.example', false],
    ['http://127.0.0.1:8080/%2F/attacker.example', false],
    ['https://preview.example.com//attacker.example/x', false],
  ])('%s → %s', (url, ok) => expect(isAllowedRedirect(url, settings)).toBe(ok));
});
