/**
 * A kill -9 while writing loses no committed row, and the next start takes
 * over the dead process's lock at once. PGlite writes through to the files
 * (relaxedDurability off), so what COMMIT acknowledged is on disk.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_MIGRATIONS } from './fixtures/paths.ts';
import { readDataDirLock } from './lock.ts';
import { embeddedDbDir, openDatabase } from './open.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
let dataDir: string;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps every committed row after SIGKILL, and reopens without waiting for the lock', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'durability-test-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures', 'durability-child.ts'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const committed: number[] = [];
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const m = /^committed (\d+)$/.exec(line);
        if (m) committed.push(Number(m[1]));
        // Kill mid-stream, with writes in flight.
        if (committed.length === 40) {
          child.kill('SIGKILL');
          resolve();
        }
      }
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited with ${code}`))));
  });
  await new Promise((r) => child.once('exit', r).once('close', r));

  // The dead holder's lock does not count.
  expect((await readDataDirLock(embeddedDbDir(dataDir))).locked).toBe(false);
  const { db } = await openDatabase({ dataDir, migrationsDir: FIXTURE_MIGRATIONS });
  try {
    const r = await db.query<{ id: number }>(`select id from public.notes where title like 'durable %'`);
    const stored = new Set(r.rows.map((row) => Number(row.id)));
    expect(committed.length).toBeGreaterThanOrEqual(40);
    expect(committed.filter((id) => !stored.has(id))).toEqual([]);
  } finally {
    await db.close();
  }
}, 180_000);
