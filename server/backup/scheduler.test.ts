/**
 * The daily backup (issue 41) with the site's clock moved through the days
 * (private.site_clock, decision 190), never waited for: written at BACKUP_AT
 * in the site's time zone, once a day, caught up once after days missed,
 * verified (read back, every file's SHA-256, posts against the database),
 * rotated (the newest of the last days, weeks and months), owner-only; a
 * failed one kept apart with its reason and the good ones untouched.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from '../db/lock.ts';
import { runBackup } from './run.ts';
import { failedDir, listBackups, zipFile } from './store.ts';
import { addContent, setSiteTime, startBackupSite, type BackupSite } from './testing.ts';
import { verifyBackupFile } from './verify.ts';

let site: BackupSite;
const scheduler = () => site.server.backups!;
/** The site's zone is America/Sao_Paulo (UTC−3, no daylight saving since 2019). */
const at = (day: string, time: string) => `${day}T${time}:00-03:00`;
const postCount = async () => (await site.server.db.query<{ n: number }>('select count(*)::int as n from public.blog_posts')).rows[0]!.n;
const goodNames = async () => (await listBackups(site.backupDir)).good.map((r) => r.name);

beforeAll(async () => {
  site = await startBackupSite({ keep: { daily: 2, weekly: 2, monthly: 2 } });
  await addContent(site.service, 12);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  expect((await site.service.storage.from('post-images').upload('posts/capa/1600.png', png, { contentType: 'image/png' })).error).toBeNull();
});
afterAll(async () => {
  await site?.done();
});

describe('the daily backup, the clock moved through the days', () => {
  it('writes nothing at the first start of a fresh install (its first backup waits for BACKUP_AT)', async () => {
    expect(await scheduler().check()).toBeUndefined();
    expect(await goodNames()).toEqual([]);
  });

  it('writes one verified, owner-only backup at 03:00 site time, once a day; a missed stretch is caught up once; the rotation keeps the newest of the last 2 days, 2 weeks, 2 months', { timeout: 240_000 }, async () => {
    // The folder was first seen before this slot: the first look after it catches up.
    await setSiteTime(site.server.db, at('2030-01-26', '02:00'));
    const first = await scheduler().check();
    expect(first).toMatchObject({ status: 'done', record: { status: 'good', name: 'backup-20300126T050000Z', trigger: 'schedule' } });
    if (first?.status !== 'done') throw new Error('no backup');
    expect(first.record.counts).toEqual({ posts: await postCount(), settings: expect.any(Number), objects: 1, subscribers: 0 });

    // Before 03:00 nothing more; the day's own at 03:00; then nothing until the next day's 03:00.
    await setSiteTime(site.server.db, at('2030-01-26', '02:30'));
    expect(await scheduler().check()).toBeUndefined();
    await setSiteTime(site.server.db, at('2030-01-26', '03:00'));
    expect(await scheduler().check()).toMatchObject({ status: 'done', record: { status: 'good', name: 'backup-20300126T060000Z' } });
    for (const time of [at('2030-01-26', '04:00'), at('2030-01-26', '23:59'), at('2030-01-27', '02:59')]) {
      await setSiteTime(site.server.db, time);
      expect(await scheduler().check(), time).toBeUndefined();
    }

    const days: string[] = [];
    for (let d = new Date('2030-01-27T12:00:00Z'); d <= new Date('2030-02-05T12:00:00Z'); d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
    for (const day of days) {
      // The server is down on the 29th and 30th, up again on the 31st at 10:00.
      if (day === '2030-01-29' || day === '2030-01-30') continue;
      await setSiteTime(site.server.db, at(day, day === '2030-01-31' ? '10:00' : '03:01'));
      const outcome = await scheduler().check();
      expect(outcome, day).toMatchObject({ status: 'done', record: { status: 'good' } });
      await setSiteTime(site.server.db, at(day, '11:00'));
      expect(await scheduler().check(), `${day} again`).toBeUndefined();
    }

    // 2030-02-05 is a Tuesday: its ISO week began on Monday the 4th; the week before ended on Sunday the 3rd.
    expect(await goodNames()).toEqual([
      'backup-20300205T060100Z', // daily
      'backup-20300204T060100Z', // daily
      'backup-20300203T060100Z', // the newest of the week before
      'backup-20300131T130000Z', // the newest of January (caught up at 10:00)
    ]);
    const files = (await readdir(site.backupDir)).filter((f) => f.startsWith('backup-')).sort();
    expect(files).toEqual((await goodNames()).flatMap((n) => [`${n}.json`, `${n}.zip`]).sort());
    expect(statSync(site.backupDir).mode & 0o777).toBe(0o700);
    for (const file of files) expect(statSync(path.join(site.backupDir, file)).mode & 0o777, file).toBe(0o600);

    // Each kept zip still reads back whole, as its record says.
    for (const record of (await listBackups(site.backupDir)).good) {
      const verified = await verifyBackupFile(zipFile(site.backupDir, record.name));
      expect(verified.counts).toEqual(record.counts);
      expect(createHashOf(await readFile(zipFile(site.backupDir, record.name)))).toBe(record.sha256);
    }
  });

  it('keeps a backup that misses posts of the database apart, with its reason, and touches no good one', async () => {
    const before = await goodNames();
    // The anon key reads published posts only: the drafts are missing from what it exports.
    const outcome = await runBackup({ ...scheduler().deps, source: { url: site.server.url, key: site.server.anonKey } }, 'manual');
    expect(outcome).toMatchObject({ status: 'done', record: { status: 'failed' } });
    if (outcome.status !== 'done') throw new Error('no outcome');
    expect(outcome.record.reason).toMatch(/^Faltam no backup 4 posts do banco de dados/);
    const failed = failedDir(site.backupDir);
    expect((await readdir(failed)).sort()).toEqual([`${outcome.record.name}.json`, `${outcome.record.name}.reason.txt`, `${outcome.record.name}.zip`]);
    expect(await readFile(path.join(failed, `${outcome.record.name}.reason.txt`), 'utf8')).toContain('Faltam no backup 4 posts');
    expect(await goodNames()).toEqual(before);
    expect((await readdir(site.backupDir)).some((f) => f.endsWith('.partial'))).toBe(false);

    // An export that cannot reach the API: kept apart too, nothing half-written left.
    const cut = await runBackup({ ...scheduler().deps, source: { url: 'http://127.0.0.1:9', key: site.server.serviceRoleKey } }, 'manual');
    expect(cut).toMatchObject({ status: 'done', record: { status: 'failed', reason: expect.stringMatching(/^A exportação falhou/), size: null } });
    expect(await goodNames()).toEqual(before);
    expect((await readdir(site.backupDir)).some((f) => f.endsWith('.partial'))).toBe(false);
  });

  it('writes none while another process holds the folder (one backup at a time)', async () => {
    const lock = await lockDataDir(path.join(site.backupDir, 'backup'));
    try {
      expect(await scheduler().runNow()).toEqual({ status: 'busy' });
    } finally {
      await lock.release();
    }
    expect(await scheduler().runNow()).toMatchObject({ status: 'done', record: { status: 'good', trigger: 'manual' } });
  });
});

const createHashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
