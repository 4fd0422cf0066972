/**
 * `npm run bench`'s backup figures (issue 41): the daily backup of a site
 * with 10,000 posts and 2,000 pictures (time, size, peak memory of the
 * server process and of the export's and the verification's own processes), then its restore into a
 * fresh install by `npm run import` in a process of its own
 * (measureRestore: time and peak memory). BENCH_ONLY=backup runs only this.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { DEFAULT_KEEP } from '../server/backup/config.ts';
import { zipFile } from '../server/backup/store.ts';
import { PROJECT_ROOT } from '../server/config.ts';
import { startServer } from '../server/index.ts';

export const BACKUP_POSTS = 10_000;
export const BACKUP_PICTURES = 2_000;
/** A picture as the editor stores it (a 1600 px WebP is 100–300 KB; its 400 px sibling ~20 KB): 60 KB of bytes that do not deflate. */
const PICTURE_BYTES = 60 * 1024;
const MB = 1024 * 1024;

/** The largest resident size of the processes whose command line holds `marker`, children of this one, sampled. */
function sampleChildRss(marker: string): { stop(): number } {
  let max = 0;
  const look = () => {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) continue;
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (rss) max = Math.max(max, Number(rss[1]) * 1024);
      } catch {
        // gone meanwhile
      }
    }
  };
  const timer = setInterval(look, 100);
  return {
    stop() {
      clearInterval(timer);
      return max;
    },
  };
}

async function fill(server: Awaited<ReturnType<typeof startServer>>): Promise<void> {
  for (const language of ['pt', 'en']) {
    await server.db.query(
      `insert into public.blog_posts (title, excerpt, content, language, published, date)
       select 'Arquivo ' || n, 'Resumo do arquivo ' || n, repeat('Texto do arquivo. ', 200), $1, n % 10 <> 0, now() - make_interval(hours => n)
         from generate_series(1, $2) as n`,
      [language, BACKUP_POSTS / 2],
    );
  }
  const service = createClient(server.url, server.serviceRoleKey, { auth: { persistSession: false } });
  const bucket = service.storage.from('post-images');
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < BACKUP_PICTURES) {
        const i = next++;
        const { error } = await bucket.upload(`posts/i${String(i).padStart(32, '0')}/400.webp`, randomBytes(PICTURE_BYTES), { contentType: 'image/webp' });
        if (error) throw new Error(`upload ${i}: ${error.message}`);
      }
    }),
  );
}

/** `npm run import -- <zip>` into a fresh install, in a process of its own: seconds and peak RSS (scripts/bench-import-child.ts). */
export async function measureRestore(zip: string): Promise<{ seconds: number; maxRssBytes: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journalist-site-bench-restore-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, seedFile: false });
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'bench-import-child.ts'), zip], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    await new Promise<void>((resolve, reject) => (child.once('error', reject), child.once('close', () => resolve())));
    const line = stdout.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`the restore did not finish:\n${stderr}`);
    const figures = JSON.parse(line.slice('BENCH '.length)) as { code: number; seconds: number; maxRssBytes: number };
    if (figures.code !== 0) throw new Error(`the restore failed (exit ${figures.code}):\n${stderr}`);
    return figures;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchBackup(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'journalist-site-bench-backup-'));
  const backupDir = path.join(root, 'backups');
  const server = await startServer({
    port: 0, host: '127.0.0.1', dataDir: path.join(root, 'data'), seedFile: false,
    backup: { dir: backupDir, at: { hour: 3, minute: 0 }, keep: DEFAULT_KEEP, keepFailed: 5, s3: undefined, checkMs: 3600_000 },
  });
  try {
    console.log(`backup: adding ${BACKUP_POSTS.toLocaleString('en')} posts and ${BACKUP_PICTURES.toLocaleString('en')} pictures of ${PICTURE_BYTES / 1024} KB…`);
    await fill(server);
    const serverBefore = process.memoryUsage.rss();
    let serverRss = serverBefore;
    const serverSampler = setInterval(() => (serverRss = Math.max(serverRss, process.memoryUsage.rss())), 100);
    const exportRss = sampleChildRss('export-child.ts');
    const verifyRss = sampleChildRss('verify-child.ts');
    const started = performance.now();
    const outcome = await server.backups!.runNow();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(serverSampler);
    const childPeak = exportRss.stop();
    const verifyPeak = verifyRss.stop();
    if (outcome.status !== 'done' || outcome.record.status !== 'good') throw new Error(`the backup failed: ${JSON.stringify(outcome)}`);
    const { record } = outcome;
    console.log(`backup of ${record.counts!.posts.toLocaleString('en')} posts and ${record.counts!.objects.toLocaleString('en')} pictures (written, read back and verified):`);
    console.log(`  time ${seconds.toFixed(1)} s, zip ${(record.size! / MB).toFixed(1)} MB`);
    console.log(`  peak RSS: export process ${(childPeak / MB).toFixed(0)} MB, verifying process ${(verifyPeak / MB).toFixed(0)} MB, server process ${(serverBefore / MB).toFixed(0)} → ${(serverRss / MB).toFixed(0)} MB (it holds the embedded database)`);
    const restore = await measureRestore(zipFile(backupDir, record.name));
    console.log(`restore of it into a fresh install (npm run import): time ${restore.seconds.toFixed(1)} s, peak RSS ${(restore.maxRssBytes / MB).toFixed(0)} MB`);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
}
