/**
 * What the backend's parts receive (server/app.ts wires them): the database,
 * keys, auth settings and the site host. In a module of its own so that
 * rest/, auth/ and site/ depend on these types, never on app.ts, which
 * imports them.
 */
import type { Mailer } from './auth/mailer.ts';
import type { Database } from './db/database.ts';
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
  /** Mails per hour, all addresses together ([auth.rate_limit] email_sent). */
  rateLimitEmailSent: number;
  /** Seconds between two mails to one address ([auth.email] max_frequency). */
  emailMaxFrequency: number;
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
  /**
   * Where the APIs are reached from outside (GoTrue's API_EXTERNAL_URL): the
   * origin of the links in mails and of the JWT `iss`. From configuration or
   * the listening address, never from a request (issue 10).
   */
  apiExternalUrl: string;
}

export interface AppOptions {
  /** Passed to createAuthRoutes (rate-limit overrides in tests, trusted proxy header). */
  auth?: AuthOptions;
}

export interface AuthOptions {
  /** Overrides config's sign_in_sign_ups per 5 minutes (tests use small numbers). */
  rateLimit?: { max: number; windowMs: number; now?: () => number };
  /** Overrides the two-factor code attempts allowed per factor (5 per 5 minutes). */
  factorRateLimit?: { max: number; windowMs: number; now?: () => number };
  /** Overrides the failed sign-ins allowed per account (10 per 5 minutes). */
  accountRateLimit?: { max: number; windowMs: number; now?: () => number };
  /**
   * Set only when the server sits behind a reverse proxy that overwrites this
   * header (e.g. "x-forwarded-for"): its first address then keys the rate
   * limit. Unset, the TCP peer address is used and the header ignored.
   */
  trustedProxyHeader?: string;
  /** Where confirmation mails go; default: files in <dataDir>/outbox. */
  mailer?: Mailer;
  /** Confirmation-link lifetime in seconds (Supabase CLI's otp_expiry default). */
  otpExpiry?: number;
}
