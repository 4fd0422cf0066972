import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, PROJECT_ROOT, readAuthSettings, resolveJwtSecret } from './config.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('JWT secret', () => {
  it('is generated once into DATA_DIR/jwt-secret with mode 0600', () => {
    const dataDir = path.join(dir, 'data');
    const secret = resolveJwtSecret(undefined, dataDir);
    const file = path.join(dataDir, 'jwt-secret');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(resolveJwtSecret(undefined, dataDir)).toBe(secret);
  });

  it('comes from JWT_SECRET when set, which must have 32 characters', () => {
    expect(resolveJwtSecret('x'.repeat(32), dir)).toBe('x'.repeat(32));
    expect(() => resolveJwtSecret('short', dir)).toThrow(/JWT_SECRET is 5 characters long; it must have at least 32/);
  });

  it('tightens a loosened secret file', () => {
    const file = path.join(dir, 'jwt-secret');
    writeFileSync(file, 'y'.repeat(40), { mode: 0o644 });
    resolveJwtSecret(undefined, dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: dir, databaseUrl: undefined });
  });

  it('fails loudly on wrong values, saying how to fix them', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/Set PORT to a whole number/);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' })).toThrow(/must start with postgres:\/\//);
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL is not a URL/);
  });

  it('keeps the secret in DATA_DIR also with DATABASE_URL', () => {
    loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u:p@localhost/db' });
    expect(statSync(path.join(dir, 'jwt-secret')).isFile()).toBe(true);
  });
});

describe('supabase/config.toml', () => {
  it('reads [auth] into AuthSettings', () => {
    expect(readAuthSettings(path.join(PROJECT_ROOT, 'supabase', 'config.toml'))).toEqual({
      siteUrl: 'http://127.0.0.1:8080',
      additionalRedirectUrls: ['http://localhost:8080', 'http://127.0.0.1:5173', 'http://localhost:5173'],
      jwtExpiry: 3600,
      enableSignup: true,
      enableConfirmations: false,
      minimumPasswordLength: 6,
      refreshTokenRotation: true,
      refreshTokenReuseInterval: 10,
      rateLimitSignInSignUps: 30,
      rateLimitEmailSent: 2,
      emailMaxFrequency: 1,
    });
  });

  it('reads TRUSTED_PROXY_HEADER as a header name, and refuses anything else', async () => {
    const { parseTrustedProxyHeader } = await import('./config.ts');
    expect(parseTrustedProxyHeader('X-Forwarded-For')).toBe('x-forwarded-for');
    expect(parseTrustedProxyHeader(undefined)).toBeUndefined();
    expect(() => parseTrustedProxyHeader('x forwarded: for')).toThrow('TRUSTED_PROXY_HEADER=x forwarded: for is not a header name.');
  });

  it('reads Go durations and refuses anything else', () => {
    const file = path.join(dir, 'config.toml');
    writeFileSync(file, '[auth.email]\nmax_frequency = "1m30s"\n');
    expect(readAuthSettings(file).emailMaxFrequency).toBe(90);
    writeFileSync(file, '[auth.email]\nmax_frequency = "soon"\n');
    expect(() => readAuthSettings(file)).toThrow('supabase/config.toml: auth.email.max_frequency must be a duration like "1s", "60s" or "1m30s" (got "soon").');
  });

  it('names the wrong setting', () => {
    const file = path.join(dir, 'config.toml');
    writeFileSync(file, '[auth]\njwt_expiry = "soon"\n');
    expect(() => readAuthSettings(file)).toThrow('supabase/config.toml: auth.jwt_expiry must be a number (got "soon").');
  });
});
