/**
 * `npm run bench` (BENCH_ONLY=views alone): a post that goes viral (issue 42).
 * On one backend, in one run:
 * - at rest: 5 readers load the post page (each request a new connection
 *   from its own 127.x address and user agent) while she saves a draft every
 *   SAVE_EVERY_MS;
 * - the flood: the same, plus RATE view beacons a second from readers never
 *   seen before, for FLOOD_SECONDS (open loop: sent on time whatever the
 *   answers);
 * then her "Estatísticas" (stats_days through HTTP, as her) against the
 * beacons answered 204; and what one beacon costs as hosted PostgREST runs
 * it (record_view in a transaction of its own with role and claims) beside
 * the local backend's batch, per view.
 * The load runs on threads of its own (bench-views-load.mjs).
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { RunningServer } from '../server/index.ts';
import { herSaves } from './bench-her-saves.ts';
import { adminToken } from './bench-scale.ts';

const RATE = Number(process.env.BENCH_VIEWS_RATE ?? 300);
const FLOOD_SECONDS = Number(process.env.BENCH_VIEWS_SECONDS ?? 60);
const REST_SECONDS = Number(process.env.BENCH_VIEWS_REST_SECONDS ?? 15);
const READERS = 5;
/** The second measure: readers arriving as a shared post's do, one page read a second for each beacon (open loop). */
const OPEN_SECONDS = Number(process.env.BENCH_VIEWS_OPEN_SECONDS ?? 30);
const SAVE_EVERY_MS = 500;
const HOSTED_CALLS = 300;

interface Load {
  latencies: number[];
  statuses: Record<string, number>;
  seconds: number;
}

export interface Latency {
  rate: number;
  n: number;
  p50: number;
  p99: number;
}

export interface ViewsFigures {
  database: string;
  rest: { page: Latency; save: Latency; saveFailed: number; load: string };
  flood: { beacons: Latency; page: Latency; save: Latency; saveFailed: number; load: string; fivexx: number; other: Record<string, number> };
  /** The same post page read by RATE new readers a second (open loop), alone and beside RATE beacons a second. */
  open: { rest: Latency; flood: Latency; beacons: Latency; fivexx: number };
  answered: number;
  counted: number;
  /** ms per call: hosted's record_view in a transaction of its own; the local batch per view. */
  hostedCallMs: number;
}

function latency(values: number[], seconds: number): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { rate: values.length / seconds, n: values.length, p50: at(0.5), p99: at(0.99) };
}

function load(data: Record<string, unknown>): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-views-load.mjs', import.meta.url), { workerData: data });
    worker.once('message', (m: Load) => resolve(m));
    worker.once('error', reject);
  });
}

/** The server's event loop and GC while a phase runs (BENCH_VIEWS_DEBUG): call the returned function at its end for a line. */
function watchProcess(): () => string {
  if (!process.env.BENCH_VIEWS_DEBUG) return () => '';
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const pauses: number[] = [];
  const kinds: Record<string, number> = {};
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      pauses.push(e.duration);
      // detail.kind: 1 scavenge, 2 mark-sweep-compact, 4 incremental marking, 8 weak callbacks.
      const kind = String((e as unknown as { detail?: { kind?: number } }).detail?.kind ?? '?');
      kinds[kind] = Math.max(kinds[kind] ?? 0, e.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  return () => {
    loopDelay.disable();
    gc.disconnect();
    const heap = process.memoryUsage();
    const over50 = pauses.filter((p) => p > 50).length;
    return `event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms; gc pauses ${pauses.length} (${over50} over 50 ms), longest ${Math.max(0, ...pauses).toFixed(1)} ms, total ${pauses.reduce((a, b) => a + b, 0).toFixed(0)} ms; longest by kind ${JSON.stringify(kinds)}; heap used ${(heap.heapUsed / 2 ** 20).toFixed(0)} of ${(heap.heapTotal / 2 ** 20).toFixed(0)} MB, rss ${(heap.rss / 2 ** 20).toFixed(0)} MB`;
  };
}

const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function viewsToday(server: RunningServer, token: string): Promise<number> {
  const res = await fetch(`${server.url}/rest/v1/rpc/stats_days`, {
    method: 'POST',
    headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ days: 1 }),
  });
  const days = (await res.json()) as { views: number }[];
  return Number(days.at(-1)!.views);
}

/** hosted Supabase's beacon: PostgREST runs record_view in a transaction of its own, with the role, claims and headers set. */
async function hostedCallMs(server: RunningServer, page: string): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < HOSTED_CALLS; i++) {
    await server.db.batch([{ sql: 'select public.record_view($1, $2)', params: [page, 't.co'] }], {
      settings: [
        ['role', 'anon'],
        ['request.jwt.claims', JSON.stringify({ role: 'anon' })],
        ['request.headers', JSON.stringify({ 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`, 'user-agent': `Mozilla/5.0 (hosted ${i}) Chrome/131.0` })],
      ],
    });
  }
  return (performance.now() - start) / HOSTED_CALLS;
}

export async function benchViews(server: RunningServer): Promise<ViewsFigures> {
  const token = await adminToken(server);
  const [post] = (
    await server.db.query<{ id: string; slug: string }>(
      `select id, slug from public.blog_posts where published and language = 'pt' and date <= now() order by date desc limit 1`,
    )
  ).rows;
  const path = `/pt/${post!.slug}`;
  const probe = await fetch(server.url + path);
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`);
  const [draft] = (
    await server.db.query<{ id: string }>(`insert into public.blog_posts (title, language, content) values ('Rascunho do bench', 'pt', 'x') returning id`)
  ).rows;
  const before = await viewsToday(server, token);
  console.log(`\nA post that goes viral (issue 42), ${server.database}: ${path}; load average ${loadAverage()}`);

  const readers = (seconds: number, firstAddress: number) =>
    load({ kind: 'readers', url: server.url, path, concurrency: READERS, seconds, firstAddress });

  // At rest: readers and her saves, no beacon.
  const restLoad = loadAverage();
  const restReaders = readers(REST_SECONDS, 2);
  const restSaves = herSaves(server, token, draft!.id, restReaders, SAVE_EVERY_MS);
  const rest = await restReaders;
  const restSaveTimes = await restSaves;

  // The flood: the same beside RATE beacons a second.
  const floodLoad = loadAverage();
  const floodWatch = watchProcess();
  const beacons = load({
    kind: 'beacons', url: server.url, rate: RATE, seconds: FLOOD_SECONDS, firstAddress: 16, anonKey: server.anonKey,
    body: JSON.stringify({ page: post!.id, referrer: 't.co' }),
  });
  const floodReaders = readers(FLOOD_SECONDS, 3);
  const floodSaves = herSaves(server, token, draft!.id, floodReaders, SAVE_EVERY_MS);
  const [sent, flood, floodSaveTimes] = await Promise.all([beacons, floodReaders, floodSaves]);

  // The viral shape itself: as many new readers a second as beacons, alone then with the beacons.
  const openWatch = watchProcess();
  const openRest = await load({ kind: 'readers', url: server.url, path, rate: RATE, seconds: OPEN_SECONDS / 2, firstAddress: 40 });
  const [openBeacons, openFlood] = await Promise.all([
    load({ kind: 'beacons', url: server.url, rate: RATE, seconds: OPEN_SECONDS, firstAddress: 60, anonKey: server.anonKey, body: JSON.stringify({ page: post!.id, referrer: 't.co' }) }),
    load({ kind: 'readers', url: server.url, path, rate: RATE, seconds: OPEN_SECONDS, firstAddress: 80 }),
  ]);
  if (process.env.BENCH_VIEWS_DEBUG) {
    console.log(`  closed flood: ${floodWatch()}`);
    console.log(`  open phases: ${openWatch()}`);
  }
  const fivexxOf = (...loads: Load[]) =>
    loads.flatMap((l) => Object.entries(l.statuses)).filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0);

  const answered = (sent.statuses['204'] ?? 0) + (openBeacons.statuses['204'] ?? 0);
  const counted = (await viewsToday(server, token)) - before;
  const pageStatuses = flood.statuses;
  const fivexx = Object.entries(sent.statuses).filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0)
    + Object.entries(flood.statuses).filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0);
  const other = {
    ...Object.fromEntries(Object.entries(sent.statuses).filter(([s]) => s !== '204').map(([s, n]) => [`beacon ${s}`, n])),
    ...Object.fromEntries(Object.entries(pageStatuses).filter(([s]) => s !== '200').map(([s, n]) => [`page ${s}`, n])),
  };
  const hosted = await hostedCallMs(server, post!.id);
  await server.db.query('delete from public.blog_posts where id = $1', [draft!.id]);

  const figures: ViewsFigures = {
    database: server.database,
    rest: { page: latency(rest.latencies, rest.seconds), save: latency(restSaveTimes, rest.seconds), saveFailed: restSaveTimes.failed ?? 0, load: restLoad },
    flood: {
      beacons: latency(sent.latencies, sent.seconds),
      page: latency(flood.latencies, flood.seconds),
      save: latency(floodSaveTimes, flood.seconds),
      saveFailed: floodSaveTimes.failed ?? 0,
      load: floodLoad,
      fivexx,
      other,
    },
    open: {
      rest: latency(openRest.latencies, openRest.seconds),
      flood: latency(openFlood.latencies, openFlood.seconds),
      beacons: latency(openBeacons.latencies, openBeacons.seconds),
      fivexx: fivexxOf(openRest, openFlood, openBeacons),
    },
    answered,
    counted,
    hostedCallMs: hosted,
  };
  printViews([figures]);
  return figures;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const times = (during: number, rest: number) => `×${(during / rest).toFixed(2)}`;

/** The viral-post table, one column per database. */
export function printViews(all: ViewsFigures[]): void {
  const rows: [string, (f: ViewsFigures) => string][] = [
    ['load average (1, 5, 15 min) at rest / flood', (f) => `${f.rest.load} / ${f.flood.load}`],
    [`post page at rest, ${READERS} readers`, (f) => `${f.rest.page.rate.toFixed(0)} pages/s, p50 ${ms(f.rest.page.p50)}, p99 ${ms(f.rest.page.p99)}`],
    ['her save at rest (p50, p99)', (f) => `${ms(f.rest.save.p50)}, ${ms(f.rest.save.p99)} (${f.rest.save.n} saves)`],
    [`beacons, ${RATE}/s for ${FLOOD_SECONDS} s`, (f) => `${f.flood.beacons.rate.toFixed(0)}/s answered 204, p50 ${ms(f.flood.beacons.p50)}, p99 ${ms(f.flood.beacons.p99)} (target p99 ≤ 100 ms)`],
    ['post page during the flood', (f) =>
      `${f.flood.page.rate.toFixed(0)} pages/s, p50 ${ms(f.flood.page.p50)} (${times(f.flood.page.p50, f.rest.page.p50)}), p99 ${ms(f.flood.page.p99)} (${times(f.flood.page.p99, f.rest.page.p99)}) (target ≤ ×1.2)`],
    ['her save during the flood', (f) => `${ms(f.flood.save.p50)} (${times(f.flood.save.p50, f.rest.save.p50)}), p99 ${ms(f.flood.save.p99)}, ${f.flood.saveFailed} of ${f.flood.save.n} failed (target p50 ≤ ×1.5)`],
    [`post page, ${RATE} new readers/s, at rest`, (f) => `p50 ${ms(f.open.rest.p50)}, p99 ${ms(f.open.rest.p99)} (${f.open.rest.n} pages)`],
    [`  beside ${RATE} beacons/s (${OPEN_SECONDS} s)`, (f) =>
      `p50 ${ms(f.open.flood.p50)} (${times(f.open.flood.p50, f.open.rest.p50)}), p99 ${ms(f.open.flood.p99)} (${times(f.open.flood.p99, f.open.rest.p99)}) (target ≤ ×1.2); beacons p50 ${ms(f.open.beacons.p50)}, p99 ${ms(f.open.beacons.p99)}; 5xx ${f.open.fivexx}`],
    ['views counted / beacons answered (both floods)', (f) => `${f.counted} / ${f.answered}${f.counted === f.answered ? ' (all)' : ` (${f.answered - f.counted} lost)`}`],
    ['5xx; other answers', (f) => `${f.flood.fivexx}; ${JSON.stringify(f.flood.other)}`],
    ['hosted: record_view per call (own transaction)', (f) => ms(f.hostedCallMs)],
  ];
  for (const f of all) {
    console.log(`\n  ${f.database}`);
    for (const [name, cell] of rows) console.log(`    ${name.padEnd(48)} ${cell(f)}`);
  }
  console.log('');
}
