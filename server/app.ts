/**
 * createApp(deps): the whole local backend as one Hono app, so tests call it
 * in-process (app.request) and index.ts only listens.
 *
 * Contract between the parts (each owned by its own folder):
 * - server/rest/  → createRestRoutes(deps): Hono, mounted at /rest/v1
 * - server/auth/  → createAuthRoutes(deps): Hono, mounted at /auth/v1
 * - server/static/ → the built SPA with the anon key injected, history fallback
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createAuthRoutes, type AuthOptions } from './auth/index.ts';
import type { Database } from './db/database.ts';
import { createRestRoutes } from './rest/index.ts';
import { createStaticRoutes } from './static/index.ts';

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableConfirmations: boolean;
  minimumPasswordLength: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  /** Sign-in + sign-up requests per 5 minutes per client address. */
  rateLimitSignInSignUps: number;
}

export interface AppDeps {
  db: Database;
  /** HS256 secret for access tokens and the API keys (≥ 32 chars). */
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  auth: AuthSettings;
  /** Where the outbox (confirmation mails) lives; undefined = in memory only (tests). */
  dataDir: string | undefined;
  /** The built SPA (dist/); undefined = API only. */
  spaDir: string | undefined;
}

export interface AppOptions {
  /** Passed to createAuthRoutes (rate-limit overrides in tests, trusted proxy header). */
  auth?: AuthOptions;
}

// Protocol §0: what supabase-js sends and what it must be able to read.
const CORS = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'apikey', 'authorization', 'x-client-info', 'content-type', 'accept', 'accept-profile', 'content-profile',
    'prefer', 'range', 'range-unit', 'x-upsert', 'cache-control', 'x-metadata', 'x-supabase-api-version', 'x-retry-count',
  ],
  exposeHeaders: ['Content-Range', 'Content-Profile', 'Location', 'X-Total-Count', 'Link', 'X-Supabase-Api-Version', 'Preference-Applied'],
  maxAge: 86400,
});

export function createApp(deps: AppDeps, options: AppOptions = {}): Hono {
  const app = new Hono();
  for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1']) app.use(`${prefix}/*`, CORS);
  app.route('/rest/v1', createRestRoutes(deps));
  app.route('/auth/v1', createAuthRoutes(deps, options.auth));
  // Last: everything that is not an API is the SPA.
  if (deps.spaDir) app.route('/', createStaticRoutes(deps.spaDir, deps.anonKey));
  return app;
}
