import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaticRoutes, injectAnonKey } from './index.ts';

let dist: string;
const app = () => createStaticRoutes(dist, 'ANON.KEY');

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'static-test-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<head><meta name="supabase-anon-key" content="" /></head><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(tmpdir(), 'outside-secret.txt'), 'secret');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('writes the anon key into the meta tag', () => {
  expect(injectAnonKey('<meta name="supabase-anon-key" content="" />', 'k"<')).toBe('<meta name="supabase-anon-key" content="k&quot;&lt;" />');
});

it('serves index.html with the key, no-cache and a CSP for client routes', async () => {
  for (const p of ['/', '/pt/blog', '/en/post/some-slug']) {
    const res = await app().request(p);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('content="ANON.KEY"');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  }
});

it('caches hashed assets for a year', async () => {
  const res = await app().request('/assets/app-abc123.js');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(await res.text()).toBe('console.log(1)');
});

it('answers 404 for missing files and API paths, never the SPA', async () => {
  expect((await app().request('/assets/missing.js')).status).toBe(404);
  expect((await app().request('/missing.png')).status).toBe(404);
  expect((await app().request('/rest/v1/nothing')).status).toBe(404);
});

it('never serves files outside dist/', async () => {
  for (const p of ['/../outside-secret.txt', '/%2e%2e/outside-secret.txt', '/assets/..%2f..%2foutside-secret.txt']) {
    const res = await app().request(p);
    expect(await res.text()).not.toBe('secret');
  }
});

it('lets the SPA connect to its own origin, and to a hosted project it was built for', async () => {
  const { contentSecurityPolicy } = await import('./security-headers.ts');
  expect(contentSecurityPolicy(undefined)).toContain("connect-src 'self';");
  expect(contentSecurityPolicy('https://abc.supabase.co')).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co;");
});
