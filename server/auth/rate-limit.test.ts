/**
 * Sign-in/sign-up rate limit per client address (config.toml
 * [auth.rate_limit] sign_in_sign_ups), with a small injected window.
 */
import type { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { authApp, call, openTestDb, testDeps, uniqueEmail } from './testing.ts';

describe('SlidingWindowLimiter', () => {
  it('allows max requests per window per key, then frees up as time passes', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ max: 2, windowMs: 1000, now: () => now });
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 999;
    expect(limiter.take('a')).toBe(false);
    now = 1001;
    expect(limiter.take('a')).toBe(true);
  });
});

describe('POST /signup and /token under the limit', () => {
  let db: Database;
  let deps: AppDeps;

  beforeAll(async () => {
    db = await openTestDb();
    deps = await testDeps(db);
  });
  afterAll(() => db.close());

  it('answers 429 over_request_rate_limit after the limit; another address is unaffected', async () => {
    const app = authApp(deps, { rateLimit: { max: 3, windowMs: 60_000 } });
    const email = uniqueEmail();
    const signUp = (ip: string) =>
      call(app, deps, 'POST', '/auth/v1/signup', { ip, body: { email: uniqueEmail(), password: 'secret123' } });
    const signIn = (ip: string) =>
      call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { ip, body: { email, password: 'wrong-pass' } });

    expect((await call(app, deps, 'POST', '/auth/v1/signup', { ip: '10.1.1.1', body: { email, password: 'secret123' } })).status).toBe(200);
    expect((await signIn('10.1.1.1')).status).toBe(400); // failures count too
    expect((await signUp('10.1.1.1')).status).toBe(200);

    const limited = await signIn('10.1.1.1');
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(limited.headers.get('x-sb-error-code')).toBe('over_request_rate_limit');
    expect((await signUp('10.1.1.1')).status).toBe(429);

    expect((await signUp('10.2.2.2')).status).toBe(200);
    // Refreshing is not a sign-in: the limited address can still refresh.
    const s = (await call(app, deps, 'POST', '/auth/v1/token?grant_type=password', { ip: '10.3.3.3', body: { email, password: 'secret123' } })).json;
    const r = await call(app, deps, 'POST', '/auth/v1/token?grant_type=refresh_token', { ip: '10.1.1.1', body: { refresh_token: s.refresh_token } });
    expect(r.status).toBe(200);
  });

  it('ignores X-Forwarded-For unless told to trust a proxy', async () => {
    const direct = authApp(deps, { rateLimit: { max: 1, windowMs: 60_000 } });
    const spoof = (app: Hono, forwardedFor: string) =>
      call(app, deps, 'POST', '/auth/v1/token?grant_type=password', {
        ip: '10.9.9.9',
        headers: { 'x-forwarded-for': forwardedFor },
        body: { email: uniqueEmail(), password: 'whatever1' },
      });
    expect((await spoof(direct, '1.1.1.1')).status).toBe(400);
    expect((await spoof(direct, '2.2.2.2')).status).toBe(429);

    const proxied = authApp(deps, { rateLimit: { max: 1, windowMs: 60_000 }, trustedProxyHeader: 'x-forwarded-for' });
    expect((await spoof(proxied, '1.1.1.1, 10.0.0.1')).status).toBe(400);
    expect((await spoof(proxied, '2.2.2.2')).status).toBe(400);
    expect((await spoof(proxied, '1.1.1.1')).status).toBe(429);
  });

  it('defaults to config’s sign_in_sign_ups per 5 minutes', async () => {
    const tight = await testDeps(db, { rateLimitSignInSignUps: 1 });
    const app = authApp(tight);
    const once = () => call(app, tight, 'POST', '/auth/v1/token?grant_type=password', { ip: '10.4.4.4', body: { email: 'x@example.com', password: 'whatever1' } });
    expect((await once()).status).toBe(400);
    expect((await once()).status).toBe(429);
  });
});
