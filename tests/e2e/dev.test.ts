/**
 * `npm run dev`: Vite (hot reload) and the backend answer on one origin — the
 * page, Vite's HMR client and the Supabase APIs all from the dev server's port,
 * the anon key written into the page — and the site works in Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, removeDataDir, repoRoot } from './support/app-server';
import { E2E } from './support/browser';
import { postCards, waitForCards } from './support/ui';

let child: ChildProcess | undefined;
let e2e: E2E | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'journalist-site-dev-'));

afterAll(async () => {
  await e2e?.close();
  if (child?.pid && child.exitCode === null) {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child!.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
        r(undefined);
      }, 10_000);
      child!.once('exit', () => {
        clearTimeout(timer);
        r(undefined);
      });
    });
  }
  removeDataDir(dataDir);
});

describe('npm run dev', () => {
  it('serves the SPA with hot reload and the backend on one origin', async () => {
    const port = await freePort();
    child = spawn('npm', ['run', 'dev', '--', '--port', String(port)], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let log = '';
    child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 120_000;
    while (!/Dev server \(hot reload\) at (\S+)/.test(log)) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${log}`);
      if (Date.now() > deadline) throw new Error(`npm run dev did not start in time:\n${log}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    const url = log.match(/Dev server \(hot reload\) at (\S+)/)![1]!;
    expect(new URL(url).port).toBe(String(port));

    const html = await (await fetch(`${url}/pt`)).text();
    expect(html).toContain('/@vite/client'); // hot reload
    const key = html.match(/<meta\s+name="supabase-anon-key"\s+content="([^"]+)"/)?.[1];
    expect(key, 'anon key in the page').toBeTruthy();
    const health = await fetch(`${url}/auth/v1/health`, { headers: { apikey: key! } });
    expect(health.status).toBe(200);

    e2e = await E2E.open(url, 'dev');
    const page = await e2e.newPage();
    await page.goto('/pt');
    // The first load may optimise dependencies and reload once; the cards come either way.
    expect(await waitForCards(page)).toBeGreaterThanOrEqual(6);
    expect(await postCards(page).first().getByRole('heading').count()).toBe(1);
    await e2e.screenshot(page, 'home-pt');
    e2e.expectNoConsoleErrors();
  });
});
