/**
 * createApp(deps): the whole local backend as one Hono app, so tests call it
 * in-process (app.request) and index.ts only listens.
 *
 * Contract between the parts (each owned by its own folder):
 * - server/rest/  → createRestRoutes(deps): Hono, mounted at /rest/v1
 * - server/auth/  → createAuthRoutes(deps): Hono, mounted at /auth/v1
 * - server/static/ → the built SPA with the anon key injected, history fallback
 */
import type { Database } from './db/database.ts';

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
