/**
 * `npm start` itself: a second instance on its own fresh DATA_DIR, stopped and
 * started again — the data (an admin made with create-admin, the demo posts)
 * is still there, the SPA is not rebuilt, and a session made before the
 * restart is still valid (the JWT secret is kept in DATA_DIR).
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, removeDataDir, startApp, type AppServer } from './support/app-server';
import { runId } from './support/browser';

let app: AppServer | undefined;
let dataDir = '';
const admin = { email: `reinicio-${runId}@example.com`, password: `senha-${runId}-Reinicio` };

afterAll(async () => {
  await app?.stop();
  if (dataDir) removeDataDir(dataDir);
});

async function anonKey(url: string): Promise<string> {
  const html = await (await fetch(`${url}/pt`)).text();
  return html.match(/<meta\s+name="supabase-anon-key"\s+content="([^"]+)"/)![1]!;
}

async function signIn(url: string, key: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { access_token?: string }).access_token;
  expect(token).toBeTruthy();
  return token!;
}

describe('npm start', () => {
  let firstKey = '';
  let accessToken = '';

  it('starts on PORT with a fresh DATA_DIR, with the demo posts of both languages', async () => {
    app = await startApp();
    dataDir = app.dataDir;
    expect(readdirSync(dataDir).length).toBeGreaterThan(0);
    firstKey = await anonKey(app.url);
    for (const language of ['pt', 'en']) {
      const res = await fetch(`${app.url}/rest/v1/blog_posts?select=id&published=eq.true&language=eq.${language}`, {
        headers: { apikey: firstKey, Authorization: `Bearer ${firstKey}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBeGreaterThanOrEqual(6);
    }
    const made = await createAdmin(app, admin.email, admin.password);
    expect(made.status, made.output).toBe(0);
    accessToken = await signIn(app.url, firstKey);
  });

  it('stops cleanly on SIGTERM and, started again on the same DATA_DIR, keeps the data', async () => {
    await app!.stop();
    app = await startApp({ dataDir });
    expect(app.output()).toMatch(/up to date/);
    const key = await anonKey(app.url);
    await signIn(app.url, key);
    const res = await fetch(`${app.url}/auth/v1/user`, { headers: { apikey: key, Authorization: `Bearer ${accessToken}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email?: string }).email).toBe(admin.email);
  });
});
