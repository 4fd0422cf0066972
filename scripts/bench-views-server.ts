/**
 * The server of `npm run bench`'s viral-post run (scripts/bench-views.ts),
 * in a process of its own as `npm start` runs it: the bench's own work (its
 * saves' fetches, its figures, its heap) never shares this event loop or
 * this GC. Forked with an IPC channel; it starts the backend on DATA_DIR (and
 * DATABASE_URL when set) with the built site in SITE_DIR, sends
 * { url, anonKey, serviceRoleKey, database }, then answers the bench's
 * questions between phases:
 * - { op: 'hosted', page, calls }: ms per call of record_view as hosted
 *   PostgREST runs it (a transaction of its own with role, claims, headers);
 * - { op: 'watch' } / { op: 'watched' }: the event loop's delay and the GC's
 *   pauses from one to the other (BENCH_VIEWS_DEBUG);
 * - { op: 'record' } / { op: 'recorded' }: from one to the other, when the
 *   view buffer's batch writes ran ([start, end]) and how each page GET went
 *   here ([accepted, request read, answer handed to the kernel]), in ms since
 *   the epoch: the bench sets the open loop's pages beside the writes, as its
 *   readers saw them and as this server did;
 * - { op: 'close' }: closes the database and exits.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { startServer } from '../server/index.ts';

type Ask = { id: number; op: 'hosted'; page: string; calls: number } | { id: number; op: 'watch' | 'watched' | 'record' | 'recorded' | 'close' };

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR!,
  databaseUrl: process.env.DATABASE_URL || undefined,
  spaDir: process.env.SITE_DIR!,
});

const epochNow = () => performance.timeOrigin + performance.now();

// Each page GET through Node's own diagnostics channels (nothing in the
// server's code): when its connection was accepted, its request read, its
// answer handed to the kernel.
let recording = false;
let pages: [number, number, number][] = [];
const acceptedAt = new WeakMap<Socket, number>();
const readAt = new WeakMap<IncomingMessage, number>();
subscribe('net.server.socket', (m) => recording && acceptedAt.set((m as { socket: Socket }).socket, epochNow()));
subscribe('http.server.request.start', (m) => recording && readAt.set((m as { request: IncomingMessage }).request, epochNow()));
subscribe('http.server.response.finish', (m) => {
  const { request, socket } = m as { request: IncomingMessage; socket: Socket };
  const read = readAt.get(request);
  if (recording && request.method === 'GET' && read !== undefined) pages.push([acceptedAt.get(socket) ?? read, read, epochNow()]);
});

// The view buffer's batches, timed where they leave for the database (the
// buffer holds this same Database): the only statement that calls
// private.stats_views on its own.
let writes: [number, number][] = [];
const query = server.db.query.bind(server.db);
server.db.query = (async (sql: string, params?: unknown[]) => {
  if (!recording || !sql.startsWith('select private.stats_views(')) return query(sql, params);
  const start = epochNow();
  try {
    return await query(sql, params);
  } finally {
    writes.push([start, epochNow()]);
  }
}) as typeof server.db.query;

async function hostedCallMs(page: string, calls: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    await server.db.batch([{ sql: 'select public.record_view($1, $2)', params: [page, 't.co'] }], {
      settings: [
        ['role', 'anon'],
        ['request.jwt.claims', JSON.stringify({ role: 'anon' })],
        ['request.headers', JSON.stringify({ 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`, 'user-agent': `Mozilla/5.0 (hosted ${i}) Chrome/131.0` })],
      ],
    });
  }
  return (performance.now() - start) / calls;
}

/** The event loop and GC from now to the returned function's call, in one line. */
function watchProcess(): () => string {
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

let watched: (() => string) | undefined;

process.on('message', (ask: Ask) => {
  void (async () => {
    try {
      if (ask.op === 'hosted') return process.send!({ id: ask.id, value: await hostedCallMs(ask.page, ask.calls) });
      if (ask.op === 'watch') {
        watched = watchProcess();
        return process.send!({ id: ask.id, value: null });
      }
      if (ask.op === 'watched') return process.send!({ id: ask.id, value: watched?.() ?? '' });
      if (ask.op === 'record' || ask.op === 'recorded') {
        const value = { writes, pages };
        writes = [];
        pages = [];
        recording = ask.op === 'record';
        return process.send!({ id: ask.id, value });
      }
      await server.close();
      process.send!({ id: ask.id, value: null }, () => process.exit(0));
    } catch (e) {
      process.send!({ id: ask.id, error: String((e as Error).stack ?? e) });
    }
  })();
});

process.send!({ url: server.url, anonKey: server.anonKey, serviceRoleKey: server.serviceRoleKey, database: server.database });
