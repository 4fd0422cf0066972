/**
 * Test support for server/ tests: the whole app in-process (app.request) over
 * an in-memory PGlite migrated with the REST fixture (server/db/fixtures).
 * One per test file: PGlite takes several seconds to initialise.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { createApp } from '../app.ts';
import { PROJECT_ROOT, readAuthSettings } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { createApiKeys } from '../keys.ts';

export const FIXTURE_MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'fixtures', 'migrations');
export const TEST_SECRET = 'server-tests-secret-0123456789-abcdefghij';
export const USER_A = '00000000-0000-4000-8000-00000000000a';
export const USER_B = '00000000-0000-4000-8000-00000000000b';

export async function signToken(claims: Record<string, unknown>, secret = TEST_SECRET, expiresIn: string | number = '1h'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

// Test assertions walk response bodies freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export async function createTestBackend() {
  const { db } = await openDatabase({ dataDir: undefined, inMemory: true, migrationsDir: FIXTURE_MIGRATIONS });
  const keys = await createApiKeys(TEST_SECRET);
  const app = createApp({
    db,
    jwtSecret: TEST_SECRET,
    ...keys,
    auth: readAuthSettings(path.join(PROJECT_ROOT, 'supabase', 'config.toml')),
    dataDir: undefined,
    spaDir: undefined,
  });
  const userToken = (sub: string) => signToken({ sub, role: 'authenticated', aud: 'authenticated', email: `${sub.slice(-1)}@example.com` });

  /** A request as supabase-js sends it: apikey always, bearer = session token or the key. */
  async function request(
    pathAndQuery: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown; token?: string; key?: string } = {},
  ) {
    const key = init.key ?? keys.anonKey;
    const headers: Record<string, string> = { apikey: key, Authorization: `Bearer ${init.token ?? key}`, ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await app.request(`/rest/v1${pathAndQuery}`, { method: init.method ?? 'GET', headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: json as Json };
  }

  return { app, db, keys, userToken, request, close: () => db.close() };
}

export type TestBackend = Awaited<ReturnType<typeof createTestBackend>>;
