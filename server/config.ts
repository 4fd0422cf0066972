/**
 * The backend's configuration, parsed and checked once at start (DESIGN.md,
 * "Keys and configuration"). A wrong value stops the process with a message
 * that says how to fix it, rather than failing later on a request.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { ConfigError } from './config-error.ts';
import type { AuthSettings } from './deps.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerConfig {
  port: number;
  /** 127.0.0.1 by default (only this machine); HOST=0.0.0.0 to listen on every interface. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** SITE_URL: the public origin of the site's absolute links; undefined = each request's own origin. */
  siteUrl: string | undefined;
  /** API_EXTERNAL_URL: origin of mail links and the JWT `iss`; undefined = the listening address. */
  apiExternalUrl: string | undefined;
  /** TRUSTED_PROXY_HEADER: the header a reverse proxy sets to the client's address; undefined = the TCP peer. */
  trustedProxyHeader: string | undefined;
  jwtSecret: string;
  auth: AuthSettings;
  /** The built SPA, when dist/index.html exists. */
  spaDir: string | undefined;
  migrationsDir: string;
  seedFile: string;
}

export { ConfigError };

const MIN_SECRET_LENGTH = 32;

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT=${raw} is not a port number. Set PORT to a whole number from 1 to 65535 (default 8080).`);
  }
  return port;
}

function checkDatabaseUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL is not a URL. Use postgres://user:password@host:5432/dbname, or unset it for the embedded database.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql:// (got ${url.protocol}//).`);
  }
  return raw;
}

/** An origin-only URL setting (https://example.com), checked with a message naming the variable. */
function parseOrigin(name: string, raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name}=${raw} is not a URL. Set it to a public address, like https://example.com, or unset it.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must start with https:// or http:// (got ${url.protocol}//).`);
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} must be an origin only, like https://example.com (no path, query or credentials; got ${raw}).`);
  }
  return url.origin;
}

/**
 * SITE_URL: where readers reach the site (https://example.com), for the
 * canonical links, Open Graph, feeds and sitemap. An origin only: the pages
 * live at its root.
 */
export function parseSiteUrl(raw: string | undefined): string | undefined {
  return parseOrigin('SITE_URL', raw);
}

/**
 * API_EXTERNAL_URL: where the APIs are reached from outside, for links in
 * mails and the JWT `iss` (GoTrue's setting of the same name).
 */
export function parseApiExternalUrl(raw: string | undefined): string | undefined {
  return parseOrigin('API_EXTERNAL_URL', raw);
}

/**
 * TRUSTED_PROXY_HEADER (e.g. x-forwarded-for): only behind a reverse proxy
 * that overwrites it, since a client can send any value; rate limits and the
 * REST scheduler then key on its first address.
 */
export function parseTrustedProxyHeader(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9-]+$/.test(raw)) {
    throw new ConfigError(`TRUSTED_PROXY_HEADER=${raw} is not a header name. Use the header your proxy sets, like x-forwarded-for, or unset it.`);
  }
  return raw.toLowerCase();
}

/**
 * JWT_SECRET from the environment, else the one kept in DATA_DIR/jwt-secret
 * (generated on first start, mode 0600 so only this user can read it).
 * Kept in DATA_DIR even with DATABASE_URL, so keys survive restarts.
 */
export function resolveJwtSecret(envSecret: string | undefined, dataDir: string): string {
  if (envSecret !== undefined && envSecret !== '') {
    if (envSecret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `JWT_SECRET is ${envSecret.length} characters long; it must have at least ${MIN_SECRET_LENGTH}. ` +
          'Use a longer random value (for example `openssl rand -base64 48`), or unset it to have one generated in DATA_DIR.',
      );
    }
    return envSecret;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters. Delete the file to generate a new one (existing sessions end).`);
    }
    // Tighten a file someone loosened by hand.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

type Toml = Record<string, unknown>;

function table(parent: Toml | undefined, key: string): Toml | undefined {
  const v = parent?.[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Toml) : undefined;
}

function pick<T>(where: string, t: Toml | undefined, key: string, kind: 'string' | 'number' | 'boolean', fallback: T): T {
  const v = t?.[key];
  if (v === undefined) return fallback;
  if (typeof v !== kind) throw new ConfigError(`supabase/config.toml: ${where}.${key} must be a ${kind} (got ${JSON.stringify(v)}).`);
  return v as T;
}

/** A Go duration as the Supabase CLI writes them ("1s", "1m30s", "500ms"), in seconds. */
function goDurationSeconds(where: string, raw: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  const parts = [...raw.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== raw) {
    throw new ConfigError(`supabase/config.toml: ${where} must be a duration like "1s", "60s" or "1m30s" (got ${JSON.stringify(raw)}).`);
  }
  return parts.reduce((total, p) => total + Number(p[1]) * units[p[2]!]!, 0);
}

/** Reads the [auth] section of supabase/config.toml, with the Supabase CLI's defaults for what is missing. */
export function readAuthSettings(configToml: string): AuthSettings {
  let doc: Toml;
  try {
    doc = parseToml(readFileSync(configToml, 'utf8')) as Toml;
  } catch (e) {
    throw new ConfigError(`Cannot read ${configToml}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const auth = table(doc, 'auth');
  const email = table(auth, 'email');
  const rate = table(auth, 'rate_limit');
  const redirects = auth?.additional_redirect_urls ?? [];
  if (!Array.isArray(redirects) || redirects.some((u) => typeof u !== 'string')) {
    throw new ConfigError('supabase/config.toml: auth.additional_redirect_urls must be a list of strings.');
  }
  const settings: AuthSettings = {
    siteUrl: pick('auth', auth, 'site_url', 'string', 'http://127.0.0.1:8080'),
    additionalRedirectUrls: redirects as string[],
    jwtExpiry: pick('auth', auth, 'jwt_expiry', 'number', 3600),
    // Sign-ups are allowed only when both switches are on, as in the CLI.
    enableSignup: pick('auth', auth, 'enable_signup', 'boolean', true) && pick('auth.email', email, 'enable_signup', 'boolean', true),
    enableConfirmations: pick('auth.email', email, 'enable_confirmations', 'boolean', false),
    minimumPasswordLength: pick('auth', auth, 'minimum_password_length', 'number', 6),
    refreshTokenRotation: pick('auth', auth, 'enable_refresh_token_rotation', 'boolean', true),
    refreshTokenReuseInterval: pick('auth', auth, 'refresh_token_reuse_interval', 'number', 10),
    rateLimitSignInSignUps: pick('auth.rate_limit', rate, 'sign_in_sign_ups', 'number', 30),
    rateLimitEmailSent: pick('auth.rate_limit', rate, 'email_sent', 'number', 2),
    emailMaxFrequency: goDurationSeconds('auth.email.max_frequency', pick('auth.email', email, 'max_frequency', 'string', '1s')),
  };
  if (settings.jwtExpiry < 30 || settings.jwtExpiry > 604800) {
    throw new ConfigError('supabase/config.toml: auth.jwt_expiry must be between 30 and 604800 seconds.');
  }
  if (settings.minimumPasswordLength < 6) {
    throw new ConfigError('supabase/config.toml: auth.minimum_password_length must be at least 6 (Supabase refuses less).');
  }
  return settings;
}

/** Everything the backend needs from the environment; throws ConfigError with a fix for each wrong value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root: string = PROJECT_ROOT): ServerConfig {
  const dataDir = path.resolve(root, env.DATA_DIR || '.data');
  const distDir = path.join(root, 'dist');
  const host = env.HOST || '127.0.0.1';
  return {
    port: parsePort(env.PORT),
    host,
    dataDir,
    databaseUrl: checkDatabaseUrl(env.DATABASE_URL),
    siteUrl: parseSiteUrl(env.SITE_URL),
    apiExternalUrl: parseApiExternalUrl(env.API_EXTERNAL_URL),
    trustedProxyHeader: parseTrustedProxyHeader(env.TRUSTED_PROXY_HEADER),
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, dataDir),
    auth: readAuthSettings(path.join(root, 'supabase', 'config.toml')),
    spaDir: existsSync(path.join(distDir, 'index.html')) ? distDir : undefined,
    migrationsDir: path.join(root, 'supabase', 'migrations'),
    seedFile: path.join(root, 'supabase', 'seed.sql'),
  };
}
