/**
 * Test support for server/ tests: the whole app in-process (app.request) over
 * an in-memory PGlite migrated with the REST fixture (server/db/fixtures).
 * One per test file: PGlite takes several seconds to initialise.
 */
import path from 'node:path';
import { SignJWT } from 'jose';
import { createApp } from '../app.ts';
import { PROJECT_ROOT, readAuthSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { createDatabaseFromTemplate } from '../db/testing/templates.ts';
import { createApiKeys } from '../keys.ts';

import { FIXTURE_MIGRATIONS } from '../db/fixtures/paths.ts';

export { FIXTURE_MIGRATIONS };
export const TEST_SECRET = 'server-tests-secret-0123456789-abcdefghij';
/** What the in-process app answers as (app.request's default origin); API_EXTERNAL_URL of the server tests. */
export const TEST_API_URL = 'http://localhost';
export const USER_A = '00000000-0000-4000-8000-00000000000a';
export const USER_B = '00000000-0000-4000-8000-00000000000b';

export async function signToken(claims: Record<string, unknown>, secret = TEST_SECRET, expiresIn: string | number = '1h'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

// Test assertions walk response bodies freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * PGlite in memory; or, when TEST_DATABASE_URL is set, a new database on that
 * server (dropped at close), so the same tests check the PostgreSQL path.
 */
async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!serverUrl) {
    const { db } = await openDatabase({ dataDir: undefined, inMemory: true, migrationsDir: FIXTURE_MIGRATIONS });
    return { db, drop: async () => {} };
  }
  // A copy of the fixture schema migrated once (decision 260).
  const { url, drop } = await createDatabaseFromTemplate(serverUrl, { migrationsDir: FIXTURE_MIGRATIONS }, 'rest');
  const { db } = await openDatabase({ dataDir: undefined, databaseUrl: url, migrationsDir: FIXTURE_MIGRATIONS });
  return { db, drop };
}

export async function createTestBackend() {
  const { db, drop } = await openTestDatabase();
  const keys = await createApiKeys(TEST_SECRET);
  const app = createApp({
    db,
    jwtSecret: TEST_SECRET,
    ...keys,
    auth: readAuthSettings(path.join(PROJECT_ROOT, 'supabase', 'config.toml')),
    dataDir: undefined,
    site: undefined,
    siteUrl: undefined,
    apiExternalUrl: TEST_API_URL,
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

  return {
    app, db, keys, userToken, request,
    async close() {
      await db.close();
      await drop();
    },
  };
}

export type TestBackend = Awaited<ReturnType<typeof createTestBackend>>;
