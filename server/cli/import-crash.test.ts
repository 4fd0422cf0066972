/**
 * A crash at any line loses nothing and repeats nothing (issue 24): `npm run
 * import` killed with SIGKILL while it writes leaves only whole batches (each
 * one transaction of public.import_posts), and running it again completes
 * the import with every post exactly once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import { startServer, type RunningServer } from '../index.ts';
import { makeWxr } from '../../src/features/archive/lib/fixtures/make-wxr.ts';
import { IMPORT_BATCH_SIZE } from '../../src/features/archive/api/import-archive.ts';
import { main } from './import.ts';

const POSTS = 1000;

describe('npm run import killed while it writes', () => {
  let server: RunningServer;
  let dir: string;
  const imported = async () =>
    (await server.db.query<{ n: number; distinct_keys: number }>(
      `select count(*)::int as n, count(distinct origin_id)::int as distinct_keys from public.blog_posts where origin_source = 'wordpress'`,
    )).rows[0]!;

  beforeAll(async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', inMemory: true, seedFile: false });
    dir = mkdtempSync(path.join(tmpdir(), 'import-crash-'));
    writeFileSync(path.join(dir, 'blog.xml'), makeWxr(POSTS));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves whole batches only, and a second run completes it without duplicates', { timeout: 300_000 }, async () => {
    const file = path.join(dir, 'blog.xml');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'cli', 'import.ts'), file], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    // killed as soon as some posts are in: the command is then between or inside batches.
    let seen = 0;
    while (seen === 0) {
      seen = (await imported()).n;
      if (child.exitCode !== null) throw new Error('the import finished before it could be killed: raise POSTS');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const cut = await imported();
    expect(cut.n).toBeGreaterThan(0);
    expect(cut.n).toBeLessThan(POSTS);
    expect(cut.n % IMPORT_BATCH_SIZE).toBe(0);
    expect(cut.distinct_keys).toBe(cut.n);

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await main([file], { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey })).toBe(0);
      expect(log.mock.calls.flat().join('\n')).toContain(`Done: ${POSTS - cut.n} created, 0 updated, ${cut.n} unchanged`);
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
    expect(await imported()).toEqual({ n: POSTS, distinct_keys: POSTS });
  });
});
