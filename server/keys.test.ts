import { decodeJwt, SignJWT } from 'jose';
import { createApiKeys, JwtError, verifyJwt } from './keys.ts';

const secret = 'keys-test-secret-0123456789-0123456789-xx';

it('makes anon and service_role keys as self-hosted Supabase does, the same on every call', async () => {
  const keys = await createApiKeys(secret);
  expect(decodeJwt(keys.anonKey)).toMatchObject({ iss: 'supabase', ref: 'local', role: 'anon' });
  expect(decodeJwt(keys.serviceRoleKey)).toMatchObject({ role: 'service_role' });
  expect(decodeJwt(keys.anonKey).exp).toBeGreaterThan(Date.now() / 1000 + 5 * 365 * 86400);
  expect(await createApiKeys(secret)).toEqual(keys);
  expect((await verifyJwt(keys.anonKey, secret)).role).toBe('anon');
});

it('refuses wrong signatures, shapes, algorithms and expired tokens', async () => {
  const keys = await createApiKeys(secret);
  const reject = (token: string) => verifyJwt(token, secret).then(() => undefined, (e: JwtError) => [e.kind, e.message]);
  expect(await reject(keys.anonKey.slice(0, -2) + 'xx')).toEqual(['invalid', 'JWT cryptographic operation failed']);
  expect(await reject('a.b')).toEqual(['invalid', 'Expected 3 parts in JWT; got 2']);
  const expired = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(Math.floor(Date.now() / 1000) - 120)
    .sign(new TextEncoder().encode(secret));
  expect(await reject(expired)).toEqual(['expired', 'JWT expired']);
  const hs512 = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(secret));
  expect((await reject(hs512))?.[0]).toBe('invalid');
});
