/**
 * `npm run bench` (BENCH_ONLY=views alone): a post that goes viral (issue 42).
 * On one backend, in one run:
 * - a warm-up (WARM_SECONDS of readers and beacons, not measured): the first
 *   phase otherwise pays for the JIT and the caches, which made "at rest"
 *   slower than the flood in some runs (a ratio under 1 is no measure);
 * - at rest: 5 readers load the post page (each request a new connection
 *   from its own 127.x address and user agent) while she saves a draft every
 *   SAVE_EVERY_MS;
 * - the flood: the same, plus RATE view beacons a second from readers never
 *   seen before, for FLOOD_SECONDS (open loop: sent on time whatever the
 *   answers);
 * - the control: the same readers and saves beside the same beacons sent
 *   to a server that does nothing but answer 204, in a process of its own
 *   (bench-views-control.mjs). On two cores shared by the load and the
 *   servers, 300 new connections a second cost the readers' pages whatever
 *   answers them; the flood against the control is what counting adds;
 * - at rest again, after the flood. The flood's ratios are against the
 *   better of the two rests, figure by figure (the stricter baseline: a
 *   machine shared with others is slower in one of them now and then);
 * then her "Estatísticas" (stats_days through HTTP, as her) against the
 * beacons answered 204; and what one beacon costs as hosted PostgREST runs
 * it (record_view in a transaction of its own with role and claims) beside
 * the local backend's batch, per view.
 * The server runs in a process of its own, as `npm start` would
 * (bench-views-server.ts); the load on threads of this one (bench-views-load.mjs).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { herSaves } from './bench-her-saves.ts';
import { adminToken } from './bench-scale.ts';

const RATE = Number(process.env.BENCH_VIEWS_RATE ?? 300);
const FLOOD_SECONDS = Number(process.env.BENCH_VIEWS_SECONDS ?? 60);
const REST_SECONDS = Number(process.env.BENCH_VIEWS_REST_SECONDS ?? 15);
const WARM_SECONDS = 5;
const CONTROL_SECONDS = Number(process.env.BENCH_VIEWS_CONTROL_SECONDS ?? 20);
const READERS = 5;
/** The second measure: readers arriving as a shared post's do, one page read a second for each beacon (open loop). */
const OPEN_SECONDS = Number(process.env.BENCH_VIEWS_OPEN_SECONDS ?? 30);
const SAVE_EVERY_MS = 500;
const HOSTED_CALLS = 300;

interface Load {
  latencies: number[];
  /** When each answered request was sent, ms since the epoch. */
  sentAt: number[];
  statuses: Record<string, number>;
  seconds: number;
  /** The load thread's own CPU time: what the load generator took of the machine's two cores beside the server. */
  cpuMs: number;
}

export interface Latency {
  rate: number;
  n: number;
  p50: number;
  p99: number;
}

export interface ViewsFigures {
  database: string;
  /** At rest before and after the flood; `page` is the better of the two, figure by figure (the baseline of the ratios). */
  rest: { page: Latency; before: Latency; after: Latency; save: Latency; saveFailed: number; load: string };
  flood: { beacons: Latency; page: Latency; save: Latency; saveFailed: number; load: string; fivexx: number; other: Record<string, number> };
  /** The readers' page beside the same beacons answered by a do-nothing server (closed loop, then open loop). */
  control: { page: Latency; open: Latency };
  /** The same post page read by RATE new readers a second (open loop), alone and beside RATE beacons a second. */
  open: { rest: Latency; before: Latency; after: Latency; flood: Latency; beacons: Latency; fivexx: number };
  /**
   * The open flood's pages split by whether a batch of views was being
   * written while they were answered: as the readers timed them, and the
   * server's own part (request read → answer handed to the kernel), which
   * leaves out the waits for a core on either side.
   */
  openByWrites: { during: Latency; between: Latency; serverDuring: Latency; serverBetween: Latency; writes: number; writeMs: Latency };
  answered: number;
  counted: number;
  /** µs of the load thread's CPU per request sent: the readers' (closed flood) and the beacons' sender. */
  loadCpu: { page: number; beacon: number };
  /** ms per call: hosted's record_view in a transaction of its own; the local batch per view. */
  hostedCallMs: number;
}

function latency(values: number[], seconds: number): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { rate: values.length / seconds, n: values.length, p50: at(0.5), p99: at(0.99) };
}

/** The better of two measures of the same thing, figure by figure: the stricter baseline. */
function better(a: Latency, b: Latency): Latency {
  return { rate: Math.max(a.rate, b.rate), n: a.n + b.n, p50: Math.min(a.p50, b.p50), p99: Math.min(a.p99, b.p99) };
}

function load(data: Record<string, unknown>): Promise<Load> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-views-load.mjs', import.meta.url), { workerData: data });
    worker.once('message', (m: Load) => resolve(m));
    worker.once('error', reject);
  });
}

/** The backend of one run, in its own process (bench-views-server.ts). */
export interface ViewsServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  database: string;
  ask<T>(op: 'hosted' | 'watch' | 'watched' | 'record' | 'recorded' | 'close', args?: Record<string, unknown>): Promise<T>;
}

/** Starts the viral-post run's server on `dataDir` (and `databaseUrl`), serving the build in `siteDir`. */
export function startViewsServer(dataDir: string, siteDir: string, databaseUrl?: string): Promise<ViewsServer> {
  const child: ChildProcess = fork(new URL('./bench-views-server.ts', import.meta.url), {
    env: { ...process.env, DATA_DIR: dataDir, SITE_DIR: siteDir, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const error = new Error(`the bench's server exited (${code})`);
      reject(error);
      for (const w of waiting.values()) w.reject(error);
    });
    child.on('message', (m: { id?: number; value?: unknown; error?: string; url?: string; anonKey?: string; serviceRoleKey?: string; database?: string }) => {
      if (m.id === undefined) {
        resolve({
          url: m.url!, anonKey: m.anonKey!, serviceRoleKey: m.serviceRoleKey!, database: m.database!,
          ask: <T>(op: string, args: Record<string, unknown> = {}) =>
            new Promise<T>((res, rej) => {
              const id = ++next;
              waiting.set(id, { resolve: res as (v: unknown) => void, reject: rej });
              child.send({ id, op, ...args });
            }),
        });
        return;
      }
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.value);
    });
  });
}

/** The do-nothing server of the control phases, in a process of its own. */
function startControl(): Promise<{ url: string; stop: () => void }> {
  const child = fork(new URL('./bench-views-control.mjs', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m: { url: string }) => resolve({ url: m.url, stop: () => child.disconnect() }));
  });
}

/** What the bench's server recorded from 'record' to 'recorded' (bench-views-server.ts), ms since the epoch. */
interface Recorded {
  writes: [number, number][];
  /** accepted, request read, answer handed to the kernel. */
  pages: [number, number, number][];
}

/** Each span split by whether it overlaps one of the writes. */
function splitByWrites(spans: [number, number][], writes: [number, number][]): { during: number[]; between: number[] } {
  const sorted = [...writes].sort((a, b) => a[0] - b[0]);
  const during: number[] = [];
  const between: number[] = [];
  let w = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    // A write that ended before this span began ends before every later one too.
    while (w < sorted.length && sorted[w]![1] < start) w++;
    (w < sorted.length && sorted[w]![0] <= end ? during : between).push(end - start);
  }
  return { during, between };
}

/** The open flood's pages beside the batch writes: as the readers timed them, and the server's own part. */
function byWrites(l: Load, recorded: Recorded): ViewsFigures['openByWrites'] {
  const readers = splitByWrites(l.sentAt.map((at, i) => [at, at + l.latencies[i]!]), recorded.writes);
  const server = splitByWrites(recorded.pages.map(([, read, answered]) => [read, answered]), recorded.writes);
  return {
    during: latency(readers.during, l.seconds),
    between: latency(readers.between, l.seconds),
    serverDuring: latency(server.during, l.seconds),
    serverBetween: latency(server.between, l.seconds),
    writes: recorded.writes.length,
    writeMs: latency(recorded.writes.map(([a, b]) => b - a), l.seconds),
  };
}

const sentCount = (l: Load) => Object.values(l.statuses).reduce((a, b) => a + b, 0);

const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function viewsToday(server: ViewsServer, token: string): Promise<number> {
  const res = await fetch(`${server.url}/rest/v1/rpc/stats_days`, {
    method: 'POST',
    headers: { apikey: server.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ days: 1 }),
  });
  const days = (await res.json()) as { views: number }[];
  return Number(days.at(-1)!.views);
}

export async function benchViews(server: ViewsServer): Promise<ViewsFigures> {
  const token = await adminToken(server);
  const service = { apikey: server.serviceRoleKey, Authorization: `Bearer ${server.serviceRoleKey}`, 'Content-Type': 'application/json' };
  const [post] = (await (
    await fetch(`${server.url}/rest/v1/blog_posts?select=id,slug&published=eq.true&language=eq.pt&date=lte.${new Date().toISOString()}&order=date.desc&limit=1`, { headers: service })
  ).json()) as { id: string; slug: string }[];
  const path = `/pt/${post!.slug}`;
  const probe = await fetch(server.url + path);
  if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`);
  const [draft] = (await (
    await fetch(`${server.url}/rest/v1/blog_posts`, {
      method: 'POST', headers: { ...service, Prefer: 'return=representation' },
      body: JSON.stringify({ title: 'Rascunho do bench', language: 'pt', content: 'x' }),
    })
  ).json()) as { id: string }[];
  const readers = (seconds: number, firstAddress: number) =>
    load({ kind: 'readers', url: server.url, path, concurrency: READERS, seconds, firstAddress });
  const beaconBody = JSON.stringify({ page: post!.id, referrer: 't.co' });
  /** RATE beacons a second of the post for `seconds`, each from a reader never seen before, to `url`. */
  const beaconsTo = (url: string, seconds: number, firstAddress: number) =>
    load({ kind: 'beacons', url, rate: RATE, seconds, firstAddress, anonKey: server.anonKey, body: beaconBody });
  // Warm-up: both paths once through the JIT, the kept page made; not measured.
  await Promise.all([
    readers(WARM_SECONDS, 1),
    beaconsTo(server.url, WARM_SECONDS, 100),
  ]);
  const before = await viewsToday(server, token);
  console.log(`\nA post that goes viral (issue 42), ${server.database}: ${path}; load average ${loadAverage()}`);

  // At rest: readers and her saves, no beacon.
  const restLoad = loadAverage();
  const restReaders = readers(REST_SECONDS, 2);
  const restSaves = herSaves(server, token, draft!.id, restReaders, SAVE_EVERY_MS);
  const rest = await restReaders;
  const restSaveTimes = await restSaves;

  // The flood: the same beside RATE beacons a second.
  const floodLoad = loadAverage();
  const debug = Boolean(process.env.BENCH_VIEWS_DEBUG);
  if (debug) await server.ask('watch');
  const beacons = beaconsTo(server.url, FLOOD_SECONDS, 16);
  const floodReaders = readers(FLOOD_SECONDS, 3);
  const floodSaves = herSaves(server, token, draft!.id, floodReaders, SAVE_EVERY_MS);
  const [sent, flood, floodSaveTimes] = await Promise.all([beacons, floodReaders, floodSaves]);

  if (debug) console.log(`  closed flood: ${await server.ask<string>('watched')}`);
  // The control: the same, the beacons answered by a server that does nothing.
  const control = await startControl();
  const controlReaders = readers(CONTROL_SECONDS, 5);
  const controlSaves = herSaves(server, token, draft!.id, controlReaders, SAVE_EVERY_MS);
  const [controlPage] = await Promise.all([controlReaders, beaconsTo(control.url, CONTROL_SECONDS, 20), controlSaves]);
  // At rest again: the baseline is the better of the two.
  const restAfterReaders = readers(REST_SECONDS, 4);
  const restAfterSaves = herSaves(server, token, draft!.id, restAfterReaders, SAVE_EVERY_MS);
  const restAfter = await restAfterReaders;
  await restAfterSaves;
  // The viral shape itself: as many new readers a second as beacons, alone then with the beacons.
  if (debug) await server.ask('watch');
  const openReaders = (seconds: number, firstAddress: number) => load({ kind: 'readers', url: server.url, path, rate: RATE, seconds, firstAddress });
  const openRest = await openReaders(OPEN_SECONDS / 2, 40);
  await server.ask('record');
  const [openBeacons, openFlood] = await Promise.all([
    beaconsTo(server.url, OPEN_SECONDS, 60),
    openReaders(OPEN_SECONDS, 80),
  ]);
  const openRecorded = await server.ask<Recorded>('recorded');
  const [openControl] = await Promise.all([openReaders(OPEN_SECONDS / 2, 85), beaconsTo(control.url, OPEN_SECONDS / 2, 24)]);
  control.stop();
  const openRestAfter = await openReaders(OPEN_SECONDS / 2, 90);
  if (debug) console.log(`  open phases: ${await server.ask<string>('watched')}`);
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
  const hosted = await server.ask<number>('hosted', { page: post!.id, calls: HOSTED_CALLS });
  await fetch(`${server.url}/rest/v1/blog_posts?id=eq.${draft!.id}`, { method: 'DELETE', headers: service });

  const figures: ViewsFigures = {
    database: server.database,
    rest: {
      before: latency(rest.latencies, rest.seconds),
      after: latency(restAfter.latencies, restAfter.seconds),
      page: better(latency(rest.latencies, rest.seconds), latency(restAfter.latencies, restAfter.seconds)),
      save: latency(restSaveTimes, rest.seconds), saveFailed: restSaveTimes.failed ?? 0, load: restLoad },
    flood: {
      beacons: latency(sent.latencies, sent.seconds),
      page: latency(flood.latencies, flood.seconds),
      save: latency(floodSaveTimes, flood.seconds),
      saveFailed: floodSaveTimes.failed ?? 0,
      load: floodLoad,
      fivexx,
      other,
    },
    control: { page: latency(controlPage.latencies, controlPage.seconds), open: latency(openControl.latencies, openControl.seconds) },
    open: {
      before: latency(openRest.latencies, openRest.seconds),
      after: latency(openRestAfter.latencies, openRestAfter.seconds),
      rest: better(latency(openRest.latencies, openRest.seconds), latency(openRestAfter.latencies, openRestAfter.seconds)),
      flood: latency(openFlood.latencies, openFlood.seconds),
      beacons: latency(openBeacons.latencies, openBeacons.seconds),
      fivexx: fivexxOf(openRest, openFlood, openBeacons),
    },
    openByWrites: byWrites(openFlood, openRecorded),
    answered,
    counted,
    loadCpu: { page: (1000 * flood.cpuMs) / sentCount(flood), beacon: (1000 * sent.cpuMs) / sentCount(sent) },
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
    [`post page at rest, ${READERS} readers, before`, (f) => `${f.rest.before.rate.toFixed(0)} pages/s, p50 ${ms(f.rest.before.p50)}, p99 ${ms(f.rest.before.p99)}`],
    ['  and after the flood', (f) => `${f.rest.after.rate.toFixed(0)} pages/s, p50 ${ms(f.rest.after.p50)}, p99 ${ms(f.rest.after.p99)}`],
    ['her save at rest (p50, p99)', (f) => `${ms(f.rest.save.p50)}, ${ms(f.rest.save.p99)} (${f.rest.save.n} saves)`],
    [`beacons, ${RATE}/s for ${FLOOD_SECONDS} s`, (f) => `${f.flood.beacons.rate.toFixed(0)}/s answered 204, p50 ${ms(f.flood.beacons.p50)}, p99 ${ms(f.flood.beacons.p99)} (target p99 ≤ 100 ms)`],
    ['post page during the flood (× the better rest)', (f) =>
      `${f.flood.page.rate.toFixed(0)} pages/s, p50 ${ms(f.flood.page.p50)} (${times(f.flood.page.p50, f.rest.page.p50)}), p99 ${ms(f.flood.page.p99)} (${times(f.flood.page.p99, f.rest.page.p99)}) (target ≤ ×1.2)`],
    ['  control: beacons to a do-nothing server', (f) =>
      `${f.control.page.rate.toFixed(0)} pages/s, p50 ${ms(f.control.page.p50)} (${times(f.control.page.p50, f.rest.page.p50)}), p99 ${ms(f.control.page.p99)} (${times(f.control.page.p99, f.rest.page.p99)})`],
    ['  flood ÷ control (what counting adds)', (f) =>
      `p50 ${times(f.flood.page.p50, f.control.page.p50)}, p99 ${times(f.flood.page.p99, f.control.page.p99)}`],
    ['her save during the flood', (f) => `${ms(f.flood.save.p50)} (${times(f.flood.save.p50, f.rest.save.p50)}), p99 ${ms(f.flood.save.p99)}, ${f.flood.saveFailed} of ${f.flood.save.n} failed (target p50 ≤ ×1.5)`],
    [`post page, ${RATE} new readers/s, at rest`, (f) => `before p50 ${ms(f.open.before.p50)}, p99 ${ms(f.open.before.p99)}; after p50 ${ms(f.open.after.p50)}, p99 ${ms(f.open.after.p99)} (${f.open.rest.n} pages)`],
    [`  beside ${RATE} beacons/s (${OPEN_SECONDS} s)`, (f) =>
      `p50 ${ms(f.open.flood.p50)} (${times(f.open.flood.p50, f.open.rest.p50)}), p99 ${ms(f.open.flood.p99)} (${times(f.open.flood.p99, f.open.rest.p99)}) (target ≤ ×1.2); beacons p50 ${ms(f.open.beacons.p50)}, p99 ${ms(f.open.beacons.p99)}; 5xx ${f.open.fivexx}`],
    ['  control: beacons to a do-nothing server', (f) =>
      `p50 ${ms(f.control.open.p50)} (${times(f.control.open.p50, f.open.rest.p50)}), p99 ${ms(f.control.open.p99)} (${times(f.control.open.p99, f.open.rest.p99)}); the flood against it: p50 ${times(f.open.flood.p50, f.control.open.p50)}, p99 ${times(f.open.flood.p99, f.control.open.p99)}`],
    ['  its pages that met a batch write / the others', (f) => {
      const b = f.openByWrites;
      return `${b.during.n} (${((100 * b.during.n) / (b.during.n + b.between.n)).toFixed(1)} %), p50 ${ms(b.during.p50)}, p99 ${ms(b.during.p99)} / p50 ${ms(b.between.p50)}, p99 ${ms(b.between.p99)} (${times(b.between.p99, f.open.rest.p99)} rest); ${b.writes} writes, p50 ${ms(b.writeMs.p50)}, p99 ${ms(b.writeMs.p99)}`;
    }],
    ['    the server\'s own part (request → answer)', (f) => {
      const b = f.openByWrites;
      return `met a write p50 ${ms(b.serverDuring.p50)}, p99 ${ms(b.serverDuring.p99)} / the others p50 ${ms(b.serverBetween.p50)}, p99 ${ms(b.serverBetween.p99)} (${b.serverDuring.n + b.serverBetween.n} pages)`;
    }],
    ['views counted / beacons answered (both floods)', (f) => `${f.counted} / ${f.answered}${f.counted === f.answered ? ' (all)' : ` (${f.answered - f.counted} lost)`}`],
    ['5xx; other answers', (f) => `${f.flood.fivexx}; ${JSON.stringify(f.flood.other)}`],
    ['hosted: record_view per call (own transaction)', (f) => ms(f.hostedCallMs)],
    ['the load\'s own CPU per request (page / beacon)', (f) => `${f.loadCpu.page.toFixed(0)} / ${f.loadCpu.beacon.toFixed(0)} µs`],
  ];
  for (const f of all) {
    console.log(`\n  ${f.database}`);
    for (const [name, cell] of rows) console.log(`    ${name.padEnd(48)} ${cell(f)}`);
  }
  console.log('');
}
