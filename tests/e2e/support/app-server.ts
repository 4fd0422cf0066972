/**
 * Runs the product the way a newcomer does — `npm start` — on a free port and
 * a fresh temporary DATA_DIR, and stops it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything `npm start` printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((ok) => {
    const timer = setTimeout(() => ok(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      ok(true);
    });
  });
}

/**
 * `npm start` with PORT and DATA_DIR set; resolves once the site answers with
 * the anon key in its page. `dataDir` reuses a directory (restart tests);
 * `ownSiteUrl` sets SITE_URL to the instance's own address.
 */
export async function startApp(options: { dataDir?: string; timeoutMs?: number; ownSiteUrl?: boolean } = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'journalist-site-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Its own process group, so stop() reaches npm, tsx and node alike.
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', NO_COLOR: '1',
      // SITE_URL is also where mail links fall back to when their redirect_to is refused.
      ...(options.ownSiteUrl ? { SITE_URL: url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    if (!(await waitForExit(child, 15_000))) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await waitForExit(child, 5_000);
    }
  };

  const deadline = Date.now() + (options.timeoutMs ?? 200_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`npm start exited with code ${child.exitCode} before the site answered:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/pt`);
      const html = await res.text();
      if (res.ok && /<meta\s+name="supabase-anon-key"\s+content="[^"]+"/.test(html)) {
        // Give it a moment to print its instructions, which a test reads.
        for (let i = 0; i < 20 && !log.includes('create-admin'); i++) await new Promise((r) => setTimeout(r, 250));
        break;
      }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not serve ${url}/pt in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, port, dataDir, output: () => log, stop };
}

export function removeDataDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The real `npm run create-admin`, against the running server's data. Async on
 * purpose: blocking the test's event loop would leave fetch with keep-alive
 * sockets the server has closed meanwhile.
 */
export function createAdmin(
  app: Pick<AppServer, 'port' | 'dataDir'>,
  email: string,
  password: string,
): Promise<{ status: number; output: string }> {
  return new Promise((ok) => {
    const child = spawn('npm', ['run', '--silent', 'create-admin', '--', '--email', email, '--password', password], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(app.port), DATA_DIR: app.dataDir, DATABASE_URL: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      ok({ status: code ?? -1, output });
    });
  });
}
