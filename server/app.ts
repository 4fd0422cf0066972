/**
 * createApp(deps): the whole local backend as one Hono app, so tests call it
 * in-process (app.request) and index.ts only listens.
 *
 * Contract between the parts (each owned by its own folder):
 * - server/rest/  → createRestRoutes(deps): Hono, mounted at /rest/v1
 * - server/auth/  → createAuthRoutes(deps): Hono, mounted at /auth/v1
 * - server/site/  → the public site: server-rendered pages, feeds, sitemap,
 *                    link-preview cards, built files (server/static/), the
 *                    client-only shell of /auth and /admin
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { createAuthRoutes, type AuthOptions } from './auth/index.ts';
import type { Database } from './db/database.ts';
import { createRestRoutes } from './rest/index.ts';
import { createSiteRoutes } from './site/index.ts';
import type { SiteHost } from './site/site-host.ts';

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
  /** The site's renderer, template and files (server/site/site-host.ts); undefined = API only. */
  site: SiteHost | undefined;
  /** SITE_URL: origin of the site's absolute links; undefined = each request's own origin. */
  siteUrl: string | undefined;
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
  // Gzip for whatever is not compressed already (API JSON); the site's pages
  // and files come with their brotli or gzip copy and pass through.
  app.use('*', compress());
  for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1']) app.use(`${prefix}/*`, CORS);
  app.route('/rest/v1', createRestRoutes(deps));
  app.route('/auth/v1', createAuthRoutes(deps, options.auth));
  // Last: everything that is not an API is the site.
  if (deps.site) {
    const site = createSiteRoutes({ db: deps.db, anonKey: deps.anonKey, siteUrl: deps.siteUrl, host: deps.site, api: async (request) => app.fetch(request) });
    app.route('/', site);
  }
  return app;
}
