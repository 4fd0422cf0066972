/**
 * `npm run bench`: the two public reads of the site through the local
 * backend's HTTP API with the anon key (as the SPA sends them), beside the
 * same SQL run directly on the same database in the same run.
 *
 * Then the server-rendered home page /pt beside a static file of the same
 * bytes served by the same server (issue 9: the page at ≥ 50 % of the static
 * file's requests per second), plain and with brotli.
 *
 * Last, the scale run (scripts/bench-scale.ts): /pt and the admin panel
 * with the demo content and with 10,000 posts per language.
 *
 * PGlite in a temporary DATA_DIR by default; DATABASE_URL to bench PostgreSQL
 * (the backend migrates and seeds it like any start). Bounded: REQUESTS per
 * read at CONCURRENCY in flight, to 127.0.0.1 only.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { startServer } from '../server/index.ts';
import { benchScale } from './bench-scale.ts';
import { buildIfNeeded, distDir } from './build.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = 8;
const WARMUP = 100;

interface Read {
  name: string;
  /** What supabase-js sends for the SPA's call. */
  path: string;
  /** The same read as plain SQL. */
  sql: string;
  params: unknown[];
}

const READS: Read[] = [
  {
    name: 'settings by language, ordered by key',
    path: '/rest/v1/site_settings?select=*&language=eq.pt&order=key.asc',
    sql: 'select * from public.site_settings where language = $1 order by key asc',
    params: ['pt'],
  },
  {
    name: 'published posts by language, newest first',
    path: '/rest/v1/blog_posts?select=*&language=eq.pt&published=eq.true&order=date.desc',
    sql: 'select * from public.blog_posts where language = $1 and published = true order by date desc',
    params: ['pt'],
  },
];

interface Stats {
  rps: number;
  p50: number;
  p99: number;
}

/** Runs `task` REQUESTS times with CONCURRENCY in flight; latencies in ms. */
async function measure(task: () => Promise<void>): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await task();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        await task();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

let retries = 0;

/**
 * One GET; a keep-alive socket the server closed while idle (between the
 * phases) fails the first fetch on it: that one is retried and counted.
 */
async function fetchOnce(url: string, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { headers });
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    retries++;
    return fetch(url, { headers });
  }
}

const fmt = (s: Stats) => `${s.rps.toFixed(0).padStart(6)} req/s   p50 ${s.p50.toFixed(2).padStart(6)} ms   p99 ${s.p99.toFixed(2).padStart(6)} ms`;

/** /pt rendered (and kept) by the server, beside the same bytes as a static file, plain and brotli. */
async function benchPage(url: string, siteDir: string) {
  const html = await (await fetch(`${url}/pt`)).text();
  writeFileSync(path.join(siteDir, 'bench-static.html'), html);
  writeFileSync(path.join(siteDir, 'bench-static.html.br'), brotliCompressSync(readFileSync(path.join(siteDir, 'bench-static.html'))));
  console.log(`home page /pt, server-rendered (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML), beside a static file of the same bytes`);
  for (const encoding of [undefined, 'br'] as const) {
    const headers: Record<string, string> = encoding ? { 'Accept-Encoding': encoding } : {};
    const get = (p: string) => async () => {
      const res = await fetchOnce(url + p, headers);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    };
    const page = await measure(get('/pt'));
    const file = await measure(get('/bench-static.html'));
    const label = encoding ? 'brotli' : 'plain';
    console.log(`  ${label.padEnd(6)} /pt:          ${fmt(page)}`);
    console.log(`  ${label.padEnd(6)} static file:  ${fmt(file)}`);
    console.log(`  ${label.padEnd(6)} /pt at ${((page.rps / file.rps) * 100).toFixed(0)} % of the static file's throughput (target ≥ 50 %)\n`);
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journalist-site-bench-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  console.log(`Starting the backend (${databaseUrl ? 'PostgreSQL from DATABASE_URL' : `PGlite in ${dataDir}`})…`);
  // A copy of the build, so the static twin of /pt can sit beside its files.
  await buildIfNeeded();
  const siteDir = path.join(dataDir, 'site');
  cpSync(distDir, siteDir, { recursive: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl, spaDir: siteDir });
  try {
    const tables = new Set(
      (await server.db.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = 'public'`)).rows.map((r) => r.t),
    );
    console.log(`${server.database}; ${REQUESTS} requests per read, ${CONCURRENCY} in flight, after ${WARMUP} warm-up requests.\n`);
    for (const read of READS) {
      const table = read.path.split('/')[3]!.split('?')[0]!;
      if (!tables.has(table)) {
        console.log(`${read.name}: skipped, table public.${table} does not exist yet`);
        continue;
      }
      const headers = { apikey: server.anonKey, Authorization: `Bearer ${server.anonKey}`, 'Accept-Profile': 'public' };
      const probe = await fetch(server.url + read.path, { headers });
      const rows = ((await probe.json()) as unknown[]).length;
      if (probe.status !== 200) throw new Error(`${read.path} answered ${probe.status}`);
      const http = await measure(async () => {
        const res = await fetchOnce(server.url + read.path, headers);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${read.path} answered ${res.status}`);
      });
      const direct = await measure(async () => {
        await server.db.query(read.sql, read.params);
      });
      console.log(`${read.name} (${rows} rows)`);
      console.log(`  HTTP /rest/v1, anon: ${fmt(http)}`);
      console.log(`  SQL on the db:       ${fmt(direct)}`);
      console.log(`  ratio HTTP/SQL:      throughput ×${(direct.rps / http.rps).toFixed(1)} lower, p50 ×${(http.p50 / direct.p50).toFixed(1)}\n`);
    }
    await benchPage(server.url, siteDir);
    // Last: it adds 20,000 posts to the database.
    await benchScale(server);
    if (retries) console.log(`(${retries} request(s) retried after a closed keep-alive connection)`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? `${e.message}${e.cause ? ` (${String(e.cause)})` : ''}` : e);
  process.exit(1);
});
