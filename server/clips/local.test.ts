/**
 * The local backend's clips worker at rest (issue 43): looking for jobs every
 * idle second writes nothing, so kept pages stay known without reading the
 * content version and the publication clock sleeps; a job inserted is still
 * taken.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { startServer, type RunningServer } from '../index.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');

describe('the clips worker of the local backend', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'clips-idle-'));
    await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, seedFile: false, clips: { idleMs: 50, linkCheckEveryMs: 0 } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes nothing while no job is due, and still takes one when it comes', async () => {
    // Past the first looks of the server's start.
    await new Promise((r) => setTimeout(r, 300));
    const before = server.db.writes;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(server.db.writes).toBe(before);

    await server.db.query(`insert into public.clip_jobs (batch, kind, input) values (gen_random_uuid(), 'csv', 'title,outlet,date,address,language,summary\nUma reportagem,Folha,2001-05-02,,pt,')`);
    const deadline = Date.now() + 10_000;
    let state = 'queued';
    while (Date.now() < deadline && (state === 'queued' || state === 'working')) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await server.db.query<{ state: string }>(`select state from public.clip_jobs`)).rows[0]!.state;
    }
    expect(state).toBe('done');
  });
});
