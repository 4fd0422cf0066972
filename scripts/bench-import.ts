/**
 * `npm run bench`'s import figures (issue 24): a WordPress export of 500 and
 * of 2,000 posts taken in by `npm run import` in a process of its own
 * (time per 1,000 posts, peak memory beside the file's size: memory must not
 * grow with the archive beyond the file itself), a second import of the same
 * file (nothing to write), and the baseline: the same rows inserted by one
 * SQL statement into the same database. Then the same files through the
 * admin screen, in the system Chromium: "Importar e exportar", the file, the
 * preview, "Importar N posts", until the report; time per 1,000 posts and
 * the page's peak JavaScript heap (DevTools' JSHeapUsedSize, sampled).
 * BENCH_ONLY=import runs only this.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningServer } from '../server/index.ts';
import { makeWxr } from '../src/features/archive/lib/fixtures/make-wxr.ts';
import { readArchive } from '../src/features/archive/lib/read-archive.ts';
import { PROJECT_ROOT } from '../server/config.ts';
import { createClient } from '@supabase/supabase-js';
import { launchChromium } from './chromium.ts';

interface ChildFigures {
  code: number;
  seconds: number;
  maxRssBytes: number;
}

const MB = 1024 * 1024;

/** In a process of its own, asynchronously: this process's event loop serves the backend the child writes to. */
async function runImport(server: RunningServer, file: string): Promise<ChildFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'bench-import-child.ts'), file, '--language', 'pt'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve());
  });
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH '));
  if (!line) throw new Error(`the import did not finish:\n${stderr}`);
  const figures = JSON.parse(line.slice('BENCH '.length)) as ChildFigures;
  if (figures.code !== 0) throw new Error(`the import failed (exit ${figures.code}):\n${stderr}`);
  return figures;
}

/** The same posts as one insert … select from json: what the database alone needs. */
async function sqlBaseline(server: RunningServer, file: string, source: string): Promise<number> {
  const { readFileSync } = await import('node:fs');
  const plan = readArchive(new Uint8Array(readFileSync(file)), path.basename(file));
  const rows = plan.posts.map((p) => ({
    title: p.title,
    excerpt: p.excerpt,
    content: p.content,
    language: 'pt',
    date: p.date,
    published: p.status !== 'draft',
    slug: p.slug ?? '',
    origin_source: 'wordpress',
    origin_id: `${source}-${p.origin.id}`,
  }));
  const started = performance.now();
  await server.db.query(
    `insert into public.blog_posts (title, excerpt, content, language, date, published, slug, origin_source, origin_id)
     select title, excerpt, content, language, date, published, slug, origin_source, origin_id
       from jsonb_to_recordset($1::jsonb) as r(title text, excerpt text, content text, language text, date timestamptz,
                                               published boolean, slug text, origin_source text, origin_id text)`,
    [JSON.stringify(rows)],
  );
  const seconds = (performance.now() - started) / 1000;
  await server.db.query(`delete from public.blog_posts where origin_id like $1`, [`${source}-%`]);
  return seconds;
}

/** An admin made through the admin API, as create-admin does. */
async function makeAdmin(server: RunningServer): Promise<{ email: string; password: string }> {
  const service = createClient(server.url, server.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const email = `bench-import-${Date.now()}@example.com`;
  const password = 'bench-import-Senha-1';
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(`creating the admin failed: ${error.message}`);
  const granted = await service.from('user_roles').insert({ user_id: data.user.id, role: 'admin' });
  if (granted.error) throw new Error(`granting the admin role failed: ${granted.error.message}`);
  return { email, password };
}

interface ScreenFigures {
  seconds: number;
  peakHeapBytes: number;
  startHeapBytes: number;
}

/** The admin screen's import of one file, from choosing it to the report. */
async function importThroughScreen(server: RunningServer, file: string, who: { email: string; password: string }): Promise<ScreenFigures> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: server.url });
    page.setDefaultTimeout(20 * 60_000);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('tabpanel').getByLabel('Email').fill(who.email);
    await page.getByRole('tabpanel').getByLabel(/^Senha/).fill(who.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Administração do Blog' }).waitFor();
    await page.getByRole('tab', { name: 'Importar e exportar' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Importar e exportar' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = async () => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
      return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    };
    const startHeapBytes = await heap();
    let peakHeapBytes = startHeapBytes;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakHeapBytes = Math.max(peakHeapBytes, await heap().catch(() => 0));
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const started = performance.now();
    await tab.getByLabel('Arquivo para importar (.xml ou .zip)').setInputFiles(file);
    await tab.getByRole('button', { name: /^Importar \d+ posts$/ }).click();
    await tab.getByText(/^\d+ criados$/).waitFor();
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    return { seconds, peakHeapBytes, startHeapBytes };
  } finally {
    await browser.close();
  }
}

export async function benchImport(server: RunningServer): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  try {
    console.log('\nImport (npm run import, its own process, on this backend; a WordPress export):');
    const sizes = [500, 2000];
    const measured: { n: number; fileBytes: number; first: ChildFigures; second: ChildFigures; sql: number }[] = [];
    for (const n of sizes) {
      const file = path.join(dir, `wordpress-${n}.xml`);
      writeFileSync(file, makeWxr(n));
      const fileBytes = statSync(file).size;
      // first, on an empty table: the imports below take the same addresses.
      const sql = await sqlBaseline(server, file, `sql${n}`);
      const first = await runImport(server, file);
      const second = await runImport(server, file);
      // the next size's posts have the same WordPress ids: start it from none.
      await server.db.query(`delete from public.blog_posts where origin_source = 'wordpress'`);
      measured.push({ n, fileBytes, first, second, sql });
      const per1000 = (s: number) => `${((s / n) * 1000).toFixed(1)} s`;
      console.log(
        `  ${String(n).padStart(5)} posts, file ${(fileBytes / MB).toFixed(1)} MB: import ${first.seconds.toFixed(1)} s (${per1000(first.seconds)} per 1,000 posts), ` +
          `again (unchanged) ${second.seconds.toFixed(1)} s, peak memory ${(first.maxRssBytes / MB).toFixed(0)} MB; ` +
          `SQL insert of the same rows ${(sql * 1000).toFixed(0)} ms (${per1000(sql)} per 1,000)`,
      );
    }
    const [small, large] = measured as [(typeof measured)[0], (typeof measured)[0]];
    const grew = large.first.maxRssBytes - small.first.maxRssBytes;
    const fileGrew = large.fileBytes - small.fileBytes;
    console.log(
      `  memory grew ${(grew / MB).toFixed(0)} MB from ${small.n} to ${large.n} posts while the file grew ${(fileGrew / MB).toFixed(1)} MB ` +
        `(${(grew / fileGrew).toFixed(1)} × the file's growth: peak RSS holds the file, its parsed XML and the plan while it is read, before collection; the writes go in batches of 50 and hold nothing per post)`,
    );

    console.log('\nImport through the admin screen (Chromium, the same files, from choosing the file to the report):');
    const who = await makeAdmin(server);
    const screen: { n: number; fileBytes: number; figures: ScreenFigures }[] = [];
    for (const { n, fileBytes } of measured) {
      const figures = await importThroughScreen(server, path.join(dir, `wordpress-${n}.xml`), who);
      await server.db.query(`delete from public.blog_posts where origin_source = 'wordpress'`);
      screen.push({ n, fileBytes, figures });
      console.log(
        `  ${String(n).padStart(5)} posts: ${figures.seconds.toFixed(1)} s (${((figures.seconds / n) * 1000).toFixed(1)} s per 1,000 posts), ` +
          `page heap ${(figures.startHeapBytes / MB).toFixed(0)} MB before, peak ${(figures.peakHeapBytes / MB).toFixed(0)} MB`,
      );
    }
    const heapGrew = screen[1]!.figures.peakHeapBytes - screen[0]!.figures.peakHeapBytes;
    console.log(
      `  page heap peak grew ${(heapGrew / MB).toFixed(0)} MB from ${screen[0]!.n} to ${screen[1]!.n} posts while the file grew ${(fileGrew / MB).toFixed(1)} MB ` +
        `(${(heapGrew / fileGrew).toFixed(1)} × the file's growth; the file is read in a worker, whose heap this does not count)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
