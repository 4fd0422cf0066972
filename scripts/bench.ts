/**
 * `npm run bench`: the public reads of the site through the local backend's
 * HTTP API with the anon key (as the SPA sends them), beside the same SQL run
 * directly on the same database in the same run (issue 11: HTTP at ≥ 50 % of
 * the SQL's throughput), and the split of a read's time between the SQL, the
 * request's transaction, the REST layer and HTTP.
 *
 * After the reads of each database, the admin check (bench-admin-check.ts):
 * the cost of the live-session lookup is_admin() makes (issue 22).
 *
 * Then the server-rendered home page /pt beside a static file of the same
 * bytes served by the same server (issue 9: the page at ≥ 50 % of the static
 * file's requests per second), plain and with brotli.
 *
 * Last, the scale run (scripts/bench-scale.ts): /pt and the admin panel
 * with the demo content and with 10,000 posts per language.
 *
 * The reads run on embedded PGlite and, when DATABASE_URL names one, on
 * PostgreSQL too, and end with both side by side (the page and the scale
 * run stay on PGlite's temporary directory: the scale run adds 20,000
 * posts). BENCH_ONLY=reads stops after the reads; BENCH_ONLY=import runs only the
 * import's figures (scripts/bench-import.ts), BENCH_ONLY=mail the newsletter's
 * (scripts/bench-mail.ts), BENCH_ONLY=revisions what keeping every version
 * costs a save (scripts/bench-revisions.ts), BENCH_ONLY=stats the reading
 * statistics' reads at scale (scripts/bench-stats.ts), BENCH_ONLY=clips importing
 * 1,000 clips from a feed (scripts/bench-clips.ts), BENCH_ONLY=clips-pages
 * /pt/publicacoes with 5,000 clips beside /pt (scripts/bench-clips-pages.ts), BENCH_ONLY=backup the
 * daily backup and its restore with 10,000 posts and 2,000 pictures
 * (scripts/bench-backup.ts), BENCH_ONLY=views a post that goes viral: view
 * beacons beside its readers and her saves, on PGlite and on DATABASE_URL's
 * PostgreSQL (scripts/bench-views.ts), BENCH_ONLY=search search with 20,000
 * posts and 5,000 clips (scripts/bench-search.ts), BENCH_ONLY=fediverse a post delivered
 * to 10,000 followers on 500 servers played locally, beside a reader's page
 * (scripts/bench-fediverse.ts).
 *
 * HTTP load comes from autocannon on its own thread, as a real client is not
 * on the server's event loop (its latencies are whole milliseconds). PGlite
 * in a temporary DATA_DIR; DATABASE_URL to bench PostgreSQL beside it (the
 * backend migrates and seeds it like any start). Bounded: HTTP_SECONDS per HTTP
 * measure, REQUESTS per in-process one, ROUNDS of each read (medians kept),
 * CONCURRENCY in flight, to 127.0.0.1 only.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from '../server/index.ts';
import { benchAdminCheck } from './bench-admin-check.ts';
import { benchBackup } from './bench-backup.ts';
import { benchClipsPages } from './bench-clips-pages.ts';
import { benchFediverse } from './bench-fediverse.ts';
import { benchImport } from './bench-import.ts';
import { benchMail } from './bench-mail.ts';
import { benchClips } from './bench-clips.ts';
import { benchRevisions } from './bench-revisions.ts';
import { benchScale, FIRST_PAGE } from './bench-scale.ts';
import { benchSearch } from './bench-search.ts';
import { benchStats } from './bench-stats.ts';
import { benchViews, printViews, startViewsServer, type ViewsFigures } from './bench-views.ts';
import { buildIfNeeded, distDir } from './build.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = 8;
const WARMUP = 100;
/** Each HTTP measure: this many seconds, after one of warm-up. */
const HTTP_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/**
 * Each read is measured this many times through every layer, in turn, and
 * the median kept: on a shared machine one measure can be a third off, and a
 * ratio is fairest between measures taken next to each other.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** What a browser sends; the API's JSON is compressed for it as for the SPA. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

interface Read {
  name: string;
  /** What supabase-js sends for the SPA's call (a function of a published post's slug). */
  path: (slug: string) => string;
  /** The same read as plain SQL. */
  sql: string;
  params: (slug: string) => unknown[];
  /** Accept header of a `.single()` call. */
  single?: boolean;
}

const CARD_COLUMNS = 'id, title, excerpt, category, date, read_time, image_url, language';

const READS: Read[] = [
  {
    name: 'settings by language, ordered by key',
    path: () => '/rest/v1/site_settings?select=*&language=eq.pt&order=key.asc',
    sql: 'select * from public.site_settings where language = $1 order by key asc',
    params: () => ['pt'],
  },
  {
    name: "the listing's first page (cards, newest first)",
    path: () => `/rest/v1/${FIRST_PAGE}`,
    sql: `select ${CARD_COLUMNS} from public.blog_posts where language = $1 and published = true order by date desc, id asc limit 10`,
    params: () => ['pt'],
  },
  {
    // What a post page at /pt/<slug> reads (issue 23).
    name: 'one published post by its address',
    path: (slug) => `/rest/v1/blog_posts?select=*&language=eq.pt&slug=eq.${slug}&published=eq.true`,
    sql: 'select * from public.blog_posts where language = $1 and slug = $2 and published = true',
    params: (slug) => ['pt', slug],
    single: true,
  },
];

interface Stats {
  rps: number;
  p50: number;
  p99: number;
}

function stats(latencies: number[], seconds: number): Stats {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

/** Runs `task` REQUESTS times with CONCURRENCY in flight, on this thread; latencies in ms. */
async function measure(task: () => Promise<unknown>): Promise<Stats> {
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
  return stats(latencies, (performance.now() - started) / 1000);
}

/**
 * GET `url` for HTTP_SECONDS over CONCURRENCY connections with autocannon (the
 * load generator of Node's HTTP servers' own benchmarks), firing from its own
 * worker thread: a client on the server's event loop would charge its work
 * to the server, and fetch costs several times autocannon per request.
 */
async function measureHttp(url: string, headers: Record<string, string>): Promise<Stats> {
  // Timed runs: autocannon ends a counted run on its next one-second tick, which would skew a short one.
  const run = (duration: number) => autocannon({ url, headers, connections: CONCURRENCY, duration, workers: 1 });
  await run(1);
  const result = await run(HTTP_SECONDS);
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

const fmt = (s: Stats) => `${s.rps.toFixed(0).padStart(6)} req/s   p50 ${s.p50.toFixed(2).padStart(6)} ms   p99 ${s.p99.toFixed(2).padStart(6)} ms`;

interface ReadFigures {
  name: string;
  http: Stats;
  sql: Stats;
  /** HTTP ÷ SQL of each round, in order of size. */
  ratios: number[];
}

interface Round {
  http: Stats;
  app: Stats;
  tx: Stats;
  sql: Stats;
}

const median = <T>(items: T[], by: (item: T) => number): T => [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
const ratioText = (ratios: number[]) =>
  ratios.length === 1 ? percent(ratios[0]!) : `${percent(median(ratios, (r) => r))} (${(ratios[0]! * 100).toFixed(0)}–${percent(ratios[ratios.length - 1]!)})`;

/** A read through each layer: HTTP (the product), the app without sockets, the request's transaction, the bare SQL. */
async function benchRead(server: RunningServer, read: Read, slug: string): Promise<ReadFigures> {
  const headers: Record<string, string> = {
    apikey: server.anonKey,
    Authorization: `Bearer ${server.anonKey}`,
    'Accept-Profile': 'public',
    'Accept-Encoding': BROWSER_ENCODINGS,
    ...(read.single ? { Accept: 'application/vnd.pgrst.object+json' } : {}),
  };
  const probe = await fetch(server.url + read.path(slug), { headers });
  if (probe.status !== 200) throw new Error(`${read.path(slug)} answered ${probe.status}`);
  const body = (await probe.json()) as unknown;
  const rows = Array.isArray(body) ? body.length : 1;

  // The request's transaction as the REST layer sends it: READ ONLY, role and claims in one statement, then the read, one batch.
  const claims = JSON.stringify({ role: 'anon' });
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rounds.push({
      http: await measureHttp(server.url + read.path(slug), headers),
      app: await measure(async () => {
        const res = await server.app.request(read.path(slug), { headers });
        await res.arrayBuffer();
      }),
      tx: await measure(() =>
        server.db.batch([{ sql: read.sql, params: read.params(slug) }], {
          readOnly: true,
          settings: [
            ['role', 'anon'],
            ['request.jwt.claims', claims],
          ],
        }),
      ),
      sql: await measure(() => server.db.query(read.sql, read.params(slug))),
    });
  }
  const layer = (pick: (r: Round) => Stats) => median(rounds.map(pick), (s) => s.rps);
  const [http, app, tx, sql] = [layer((r) => r.http), layer((r) => r.app), layer((r) => r.tx), layer((r) => r.sql)];
  const ratios = (pick: (r: Round) => Stats) => rounds.map((r) => pick(r).rps / r.sql.rps).sort((a, b) => a - b);
  console.log(`${read.name} (${rows} row${rows === 1 ? '' : 's'}; median of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'})`);
  console.log(`  HTTP /rest/v1, anon:          ${fmt(http)}`);
  console.log(`  the app, no sockets:          ${fmt(app)}`);
  console.log(`  the request's transaction:    ${fmt(tx)}`);
  console.log(`  SQL on the db:                ${fmt(sql)}`);
  console.log(
    `  HTTP at ${ratioText(ratios((r) => r.http))} of the SQL's throughput (target ≥ 50 %); ` +
      `the app at ${ratioText(ratios((r) => r.app))}, the transaction at ${ratioText(ratios((r) => r.tx))}\n`,
  );
  return { name: read.name, http, sql, ratios: ratios((r) => r.http) };
}

/** Every read on one backend, after a line that names it. */
async function benchReads(server: RunningServer): Promise<ReadFigures[]> {
  console.log(`${server.database}; HTTP for ${HTTP_SECONDS} s per measure, ${REQUESTS} requests in process; ${CONCURRENCY} in flight, after a warm-up.\n`);
  const post = await server.db.query<{ slug: string }>(`select slug from public.blog_posts where published and language = 'pt' and date <= now() order by date desc limit 1`);
  const figures: ReadFigures[] = [];
  for (const read of READS) figures.push(await benchRead(server, read, post.rows[0]!.slug));
  await benchAdminCheck(server, { inProcess: measure, http: measureHttp, fmt });
  return figures;
}

/** The target's figures for both databases, one line per read. */
function printSideBySide(pglite: ReadFigures[], postgres: ReadFigures[] | undefined) {
  const cell = (f: ReadFigures | undefined) =>
    f ? `${f.http.rps.toFixed(0).padStart(5)} / ${f.sql.rps.toFixed(0).padStart(5)} = ${ratioText(f.ratios)}` : 'not run (set DATABASE_URL)';
  console.log(`HTTP ÷ SQL, requests per second, medians of ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} in this run, the ratio's range in brackets (target ≥ 50 % on both):`);
  console.log(`  ${'read'.padEnd(48)} ${'PGlite'.padEnd(34)} PostgreSQL`);
  pglite.forEach((f, i) => console.log(`  ${f.name.padEnd(48)} ${cell(f).padEnd(34)} ${cell(postgres?.[i])}`));
  console.log('');
}

/** /pt rendered (and kept) by the server, beside the same bytes as a static file, plain and brotli. */
async function benchPage(url: string, siteDir: string) {
  const html = await (await fetch(`${url}/pt`)).text();
  writeFileSync(path.join(siteDir, 'bench-static.html'), html);
  writeFileSync(path.join(siteDir, 'bench-static.html.br'), brotliCompressSync(readFileSync(path.join(siteDir, 'bench-static.html'))));
  console.log(`home page /pt, server-rendered (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML), beside a static file of the same bytes`);
  for (const encoding of [undefined, 'br'] as const) {
    const headers: Record<string, string> = { 'Accept-Encoding': encoding ?? 'identity' };
    const page = await measureHttp(`${url}/pt`, headers);
    const file = await measureHttp(`${url}/bench-static.html`, headers);
    const label = encoding ? 'brotli' : 'plain';
    console.log(`  ${label.padEnd(6)} /pt:          ${fmt(page)}`);
    console.log(`  ${label.padEnd(6)} static file:  ${fmt(file)}`);
    console.log(`  ${label.padEnd(6)} /pt at ${((page.rps / file.rps) * 100).toFixed(0)} % of the static file's throughput (target ≥ 50 %)\n`);
  }
}

/**
 * The viral post on PGlite, then on PostgreSQL when DATABASE_URL names one,
 * and both side by side; each server in a process of its own, started fresh.
 */
async function benchViewsOnBoth(databaseUrl: string | undefined, dataDir: string, siteDir: string) {
  const all: ViewsFigures[] = [];
  // BENCH_VIEWS_ON=postgres: the PostgreSQL half alone.
  const runs = [
    ...(process.env.BENCH_VIEWS_ON === 'postgres' && databaseUrl ? [] : [{ dir: 'pglite-views', url: undefined }]),
    ...(databaseUrl ? [{ dir: 'postgres-views', url: databaseUrl }] : []),
  ];
  for (const run of runs) {
    const server = await startViewsServer(path.join(dataDir, run.dir), siteDir, run.url);
    try {
      all.push(await benchViews(server));
    } finally {
      await server.ask('close');
    }
  }
  console.log('A post that goes viral, side by side:');
  printViews(all);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'journalist-site-bench-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  console.log(`Starting the backend (PGlite in ${dataDir})…`);
  // A copy of the build, so the static twin of /pt can sit beside its files.
  await buildIfNeeded();
  const siteDir = path.join(dataDir, 'site');
  cpSync(distDir, siteDir, { recursive: true });
  if (process.env.BENCH_ONLY === 'views') {
    // Its servers are processes of their own: none is started here.
    try {
      await benchViewsOnBoth(databaseUrl, dataDir, siteDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const serverStartedAt = performance.now();
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: path.join(dataDir, 'pglite'), spaDir: siteDir });
  try {
    if (process.env.BENCH_ONLY === 'import') {
      await benchImport(server);
      return;
    }
    if (process.env.BENCH_ONLY === 'mail') {
      await benchMail();
      return;
    }
    if (process.env.BENCH_ONLY === 'revisions') {
      await benchRevisions(server);
      return;
    }
    if (process.env.BENCH_ONLY === 'stats') {
      await benchStats(server);
      return;
    }
    if (process.env.BENCH_ONLY === 'clips') {
      await benchClips(server);
      return;
    }
    if (process.env.BENCH_ONLY === 'clips-pages') {
      await benchClipsPages(server);
      return;
    }
    if (process.env.BENCH_ONLY === 'backup') {
      await benchBackup();
      return;
    }
    if (process.env.BENCH_ONLY === 'fediverse') {
      await benchFediverse(dataDir, siteDir);
      return;
    }
    if (process.env.BENCH_ONLY === 'search') {
      await benchSearch(server, serverStartedAt);
      return;
    }
    const pglite = await benchReads(server);
    let postgres: ReadFigures[] | undefined;
    if (databaseUrl) {
      console.log('Starting a second backend on PostgreSQL from DATABASE_URL…');
      // Its own directory for its key; the first one's holds PGlite's lock.
      const pg = await startServer({ port: 0, host: '127.0.0.1', dataDir: path.join(dataDir, 'postgres'), databaseUrl });
      try {
        postgres = await benchReads(pg);
      } finally {
        await pg.close();
      }
    }
    printSideBySide(pglite, postgres);
    if (process.env.BENCH_ONLY === 'reads') return;
    await benchPage(server.url, siteDir);
    await benchImport(server);
    await benchMail();
    await benchRevisions(server);
    await benchStats(server);
    await benchBackup();
    await benchViewsOnBoth(databaseUrl, dataDir, siteDir);
    await benchClips(server);
    await benchClipsPages(server);
    await benchSearch(server, serverStartedAt);
    // Last: it adds 20,000 posts to the database.
    await benchScale(server);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? `${e.message}${e.cause ? ` (${String(e.cause)})` : ''}` : e);
  process.exit(1);
});
