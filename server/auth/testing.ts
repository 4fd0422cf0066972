/**
 * Test helpers for server/auth/*.test.ts: one in-memory PGlite per test file
 * with the bootstrap schema, AppDeps with local defaults, and a request
 * helper that sets the headers supabase-js sends and a client address.
 */
import { readFile } from 'node:fs/promises';
import { SignJWT } from 'jose';
import { Hono } from 'hono';
import type { AppDeps, AuthOptions, AuthSettings } from '../deps.ts';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { createAuthRoutes } from './index.ts';
import { secretKey } from './jwt.ts';

export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
/** The origin `call` sends requests to; API_EXTERNAL_URL of the auth tests. */
export const TEST_API_URL = 'http://127.0.0.1:8080';

/**
 * In-memory PGlite; or, with AUTH_TEST_DATABASE_URL set, that PostgreSQL
 * database (a scratch one: users are left behind), to check the SQL on both.
 */
export async function openTestDb(): Promise<Database> {
  const url = process.env.AUTH_TEST_DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite(undefined);
  await db.exec(await readFile(new URL('../db/bootstrap.sql', import.meta.url), 'utf8'));
  return db;
}

/** The auth routes mounted at /auth/v1, as the server mounts them. */
export function authApp(deps: AppDeps, options?: AuthOptions): Hono {
  return new Hono().route('/auth/v1', createAuthRoutes(deps, options));
}

export async function apiKey(role: string, secret = JWT_SECRET): Promise<string> {
  return new SignJWT({ iss: 'supabase', ref: 'local', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(secretKey(secret));
}

export const localAuthSettings = (over: Partial<AuthSettings> = {}): AuthSettings => ({
  siteUrl: 'http://127.0.0.1:8080',
  additionalRedirectUrls: ['http://localhost:8080', 'http://127.0.0.1:5173'],
  jwtExpiry: 3600,
  enableSignup: true,
  enableConfirmations: false,
  minimumPasswordLength: 6,
  refreshTokenRotation: true,
  refreshTokenReuseInterval: 10,
  rateLimitSignInSignUps: 1000,
  rateLimitEmailSent: 1000,
  emailMaxFrequency: 0,
  ...over,
});

export async function testDeps(db: Database, over: Partial<AuthSettings> = {}, dataDir?: string): Promise<AppDeps> {
  return {
    db,
    jwtSecret: JWT_SECRET,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    auth: localAuthSettings(over),
    dataDir,
    site: undefined,
    siteUrl: undefined,
    apiExternalUrl: TEST_API_URL,
  };
}

export interface CallOptions {
  body?: unknown;
  /** Bearer token; default the anon key as supabase-js sends it. */
  token?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * Response bodies are inspected loosely in tests (the assertions check the
 * shape), hence `any` here and only here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseJson = Record<string, any>;

/** A request as supabase-js makes it, answered in-process. */
export async function call(app: Hono, deps: AppDeps, method: string, path: string, o: CallOptions = {}) {
  const headers: Record<string, string> = {
    apikey: deps.anonKey,
    'X-Supabase-Api-Version': '2024-01-01',
    ...o.headers,
  };
  const token = o.token === undefined ? deps.anonKey : o.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (o.body !== undefined) {
    headers['Content-Type'] = 'application/json;charset=UTF-8';
    body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
  }
  const env = { incoming: { socket: { remoteAddress: o.ip ?? '10.0.0.1' } } };
  const res = await app.request(`http://127.0.0.1:8080${path}`, { method, headers, body }, env);
  const text = await res.text();
  const json = text ? (JSON.parse(text) as LooseJson) : undefined;
  return { status: res.status, headers: res.headers, json: json as LooseJson };
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${counter++}@example.com`;

export function decodeJwt(token: string): LooseJson {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}
