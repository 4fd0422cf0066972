/**
 * `kill -9` of the server while it writes a backup (issue 41): every earlier
 * backup stays whole (its zip reads back and matches its record), what was
 * being written never looks like a backup, and the next start removes it and
 * catches up with a good one by itself (the site's clock moved three days
 * ahead: the day's backup is due).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createClient } from '@supabase/supabase-js';
import { PROJECT_ROOT } from '../config.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { listBackups, zipFile, type BackupRecord } from './store.ts';
import { addContent, MIGRATIONS } from './testing.ts';
import { verifyBackupFile } from './verify.ts';

const POSTS = 1500;
const PICTURES = 24;

interface Child {
  process: ChildProcess;
  ready: { url: string; serviceRoleKey: string };
  send(line: string): void;
  next(): Promise<Record<string, unknown>>;
  exited: Promise<NodeJS.Signals | number | null>;
}

async function startChild(dataDir: string, backupDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'backup', 'kill-child.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the server child ended');
    return JSON.parse(value as string) as Record<string, unknown>;
  };
  const ready = (await next()) as Child['ready'];
  return { process: child, ready, send: (line) => child.stdin!.write(`${line}\n`), next, exited };
}

const sha256 = async (file: string) => createHash('sha256').update(await readFile(file)).digest('hex');

async function intact(dir: string, record: BackupRecord): Promise<void> {
  expect(await sha256(zipFile(dir, record.name))).toBe(record.sha256);
  expect((await verifyBackupFile(zipFile(dir, record.name))).counts).toEqual(record.counts);
}

describe('kill -9 of the server while it writes a backup', () => {
  let root: string;
  const children: Child[] = [];

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'backup-kill-'));
  });
  afterAll(() => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('leaves every earlier backup whole, and the next start writes a good one', { timeout: 300_000 }, async () => {
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'backups');
    await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
    const first = await startChild(dataDir, backupDir);
    children.push(first);
    const service = createClient(first.ready.url, first.ready.serviceRoleKey, { auth: { persistSession: false } });
    await addContent(service, POSTS);
    // Pictures of random bytes (stored, not deflated): the zip takes a while to write.
    for (let i = 0; i < PICTURES; i++) {
      const { error } = await service.storage.from('post-images').upload(`posts/p${i}/1600.webp`, randomBytes(512 * 1024), { contentType: 'image/webp' });
      expect(error).toBeNull();
    }

    first.send('backup');
    const earlier = ((await first.next()).outcome as { record: BackupRecord }).record;
    expect(earlier).toMatchObject({ status: 'good', counts: { posts: POSTS, objects: PICTURES } });

    // Three days later on the site's clock, a backup is being written when the process is killed.
    first.send(`time ${new Date(Date.now() + 3 * 86_400_000).toISOString()}`);
    await first.next();
    first.send('backup');
    let partial: string | undefined;
    for (let tries = 0; !partial && tries < 2000; tries++) {
      for (const file of await readdir(backupDir)) {
        if (file.endsWith('.partial') && (await stat(path.join(backupDir, file))).size > 1024 * 1024) partial = file;
      }
      if (!partial) await new Promise((r) => setTimeout(r, 10));
    }
    expect(partial, 'a backup being written').toBeDefined();
    first.process.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    // What the crash left: the earlier backup whole, the cut one only as .partial, no record of it.
    expect((await listBackups(backupDir)).good.map((r) => r.name)).toEqual([earlier.name]);
    expect(existsSync(path.join(backupDir, partial!))).toBe(true);
    await intact(backupDir, earlier);

    // The next start removes the leftover and, the day's backup being due, writes it by itself.
    const second = await startChild(dataDir, backupDir);
    children.push(second);
    let good: BackupRecord[] = [];
    for (let tries = 0; good.length < 2 && tries < 1800; tries++) {
      good = (await listBackups(backupDir)).good;
      if (good.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(good.map((r) => r.name)).toContain(earlier.name);
    const caughtUp = good.find((r) => r.name !== earlier.name)!;
    expect(caughtUp).toMatchObject({ status: 'good', trigger: 'schedule', counts: { posts: POSTS, objects: PICTURES } });
    await intact(backupDir, caughtUp);
    await intact(backupDir, earlier);
    expect((await readdir(backupDir)).filter((f) => f.endsWith('.partial'))).toEqual([]);

    second.send('close');
    expect(await second.exited).toBe(0);
  });
});
