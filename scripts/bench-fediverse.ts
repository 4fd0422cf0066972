/**
 * `npm run bench` (BENCH_ONLY=fediverse; issue 45): one new public post
 * delivered to 10,000 followers on 500 servers, played on this machine: a
 * child process listens on 500 ports of 127.0.0.1 (each its own origin, its
 * own connections, as 500 servers would be), each port a shared inbox that
 * answers 202. The followers' shared inboxes are those 500 addresses, so the
 * worker, which sends one request per distinct shared inbox, should make
 * about 500 requests. Printed: time from the post's insert to the last
 * delivery, the requests each server received, the server process's RSS
 * (sampled every 100 ms during the fan-out, and its lifetime peak), and a
 * reader's time for /pt/<slug> (p50/p99, from another child process, four
 * at a time) and her save of a draft (one every 250 ms) at rest and during
 * the fan-out, in the same run. Printed, never
 * asserted. BENCH_FEDI_FOLLOWERS and BENCH_FEDI_SERVERS make it smaller.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { startServer } from '../server/index.ts';
import { herSaves } from './bench-her-saves.ts';
import { adminToken } from './bench-scale.ts';

const FOLLOWERS = Number(process.env.BENCH_FEDI_FOLLOWERS ?? 10_000);
const SERVERS = Number(process.env.BENCH_FEDI_SERVERS ?? 500);
const REST_SECONDS = Number(process.env.BENCH_FEDI_REST_SECONDS ?? 5);
const READERS = 4;
/** Each server's answer waits this long, as a server across the internet would (default 50 ms). */
const LATENCY_MS = Number(process.env.BENCH_FEDI_LATENCY_MS ?? 50);

/** The fediverse's side: SERVERS ports, each counting the POSTs to /inbox. */
const RECEIVERS = `
const http = require('node:http');
const n = Number(process.argv[1]);
const latency = Number(process.argv[2]);
let count = 0, last = 0;
const perServer = new Map();
const servers = [];
let listening = 0;
for (let i = 0; i < n; i++) {
  const s = http.createServer((req, res) => {
    let size = 0;
    req.on('data', (c) => (size += c.length));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/inbox' && req.headers.signature) {
        count++; last = Date.now();
        perServer.set(i, (perServer.get(i) || 0) + 1);
      }
      setTimeout(() => res.writeHead(202).end(), latency);
    });
  });
  s.keepAliveTimeout = 30000;
  s.listen(0, '127.0.0.1', () => { servers[i] = s.address().port; if (++listening === n) process.send({ ports: servers }); });
}
process.on('message', () => process.send({ count, last, servers: perServer.size, most: Math.max(0, ...perServer.values()) }));
`;

/** A reader: four at a time, each page timed, until told to stop; then the times. */
const READER = `
const url = process.argv[1];
let stop = false;
const times = [];
process.on('message', () => (stop = true));
const one = async () => {
  while (!stop) {
    const t = performance.now();
    const res = await fetch(url, { headers: { 'Accept-Encoding': 'br' } });
    await res.arrayBuffer();
    if (res.status !== 200) { console.error(url + ' answered ' + res.status); process.exit(1); }
    times.push(performance.now() - t);
  }
};
Promise.all(Array.from({ length: ${READERS} }, one)).then(() => process.send({ times }, () => process.exit(0)));
`;

const child = (code: string, ...args: string[]): ChildProcess => spawn(process.execPath, ['-e', code, ...args], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const nextMessage = <T>(c: ChildProcess) => new Promise<T>((resolve) => c.once('message', (m) => resolve(m as T)));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Readers for as long as `during` takes; their times. */
async function readWhile(url: string, during: Promise<unknown>): Promise<number[]> {
  const reader = child(READER, url);
  const done = nextMessage<{ times: number[] }>(reader);
  await during;
  reader.send('stop');
  return (await done).times;
}

export async function benchFediverse(dataDir: string, siteDir: string): Promise<void> {
  console.log(`fediverse: ${FOLLOWERS.toLocaleString('en')} followers on ${SERVERS} servers (ports of 127.0.0.1, each answering after ${LATENCY_MS} ms), ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const receivers = child(RECEIVERS, String(SERVERS), String(LATENCY_MS));
  const { ports } = await nextMessage<{ ports: number[] }>(receivers);
  const server = await startServer({
    port: 0, host: '127.0.0.1', dataDir: path.join(dataDir, 'fediverse'), spaDir: siteDir,
    fediverse: { allow: ['127.0.0.1'], ...(process.env.BENCH_FEDI_CONCURRENCY ? { concurrency: Number(process.env.BENCH_FEDI_CONCURRENCY) } : {}) },
  });
  try {
    const [reader] = (await server.db.query<{ slug: string }>(
      `insert into public.blog_posts (title, content, excerpt, language, published, date)
       values ('O que a cidade esqueceu', repeat('Um parágrafo da reportagem. ', 400), 'Resumo.', 'pt', true, now() - interval '1 day') returning slug`)).rows;
    // announced to nobody yet: the reader's post is not part of the fan-out.
    await server.fediverse.delivery.drain();
    await server.db.query(
      `insert into public.fediverse_followers (language, actor_id, handle, inbox, shared_inbox, server)
       select 'pt', 'http://127.0.0.1:' || p || '/users/u' || n, '@u' || n || '@127.0.0.1:' || p,
              'http://127.0.0.1:' || p || '/users/u' || n || '/inbox', 'http://127.0.0.1:' || p || '/inbox', '127.0.0.1:' || p
         from generate_series(0, $1 - 1) as n, lateral (select ($2::int[])[n % $3 + 1] as p) as port`,
      [FOLLOWERS, ports, SERVERS],
    );
    const pageUrl = `${server.url}/pt/${reader!.slug}`;
    const token = await adminToken(server);
    const [draft] = (await server.db.query<{ id: string }>(`insert into public.blog_posts (title, language, content) values ('Rascunho do bench', 'pt', 'x') returning id`)).rows;
    await readWhile(pageUrl, new Promise((r) => setTimeout(r, 1000))); // warm: the renderer, the kept page
    const restTime = new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
    const restSaves = herSaves(server, token, draft!.id, restTime, 250);
    const rest = await readWhile(pageUrl, restTime);
    const restSaveTimes = await restSaves;
    const rssBefore = process.memoryUsage().rss;
    const peakBefore = process.resourceUsage().maxRSS * 1024;

    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    const started = Date.now();
    await server.db.query(
      `insert into public.blog_posts (title, content, excerpt, language, published, date)
       values ('Uma reportagem nova', repeat('Texto da reportagem nova. ', 400), 'O resumo que o Mastodon mostra.', 'pt', true, now() - interval '1 minute')`);
    server.fediverse.delivery.wake();
    const fanOut = (async () => {
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const { rows } = await server.db.query<{ open: number; done: number }>(
          `select count(*) filter (where state in ('queued', 'sending'))::int as open, count(*) filter (where state = 'delivered')::int as done
             from private.fediverse_deliveries d join private.fediverse_outbox o on o.id = d.activity_id where o.type = 'Create'`);
        if (rows[0]!.done > 0 && rows[0]!.open === 0) return rows[0]!;
      }
    })();
    const duringSaves = herSaves(server, token, draft!.id, fanOut, 250);
    const during = await readWhile(pageUrl, fanOut);
    const duringSaveTimes = await duringSaves;
    clearInterval(sampler);
    const deliveries = await fanOut;
    receivers.send('count');
    const got = await nextMessage<{ count: number; last: number; servers: number; most: number }>(receivers);
    const line = (label: string, t: number[]) =>
      `  ${label.padEnd(24)} p50 ${percentile(t, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(t, 99).toFixed(1).padStart(7)} ms   (${t.length} pages)`;
    console.log(`fediverse: time to the last delivery ${((got.last - started) / 1000).toFixed(2)} s (from the post's insert; the worker looks every 1 s when idle)`);
    console.log(`fediverse: requests received ${got.count} by ${got.servers} servers (at most ${got.most} at one), deliveries marked delivered ${deliveries.done}`);
    console.log(`fediverse: server process RSS before ${mb(rssBefore)}, peak during the fan-out ${mb(peakRss)}; lifetime peak before ${mb(peakBefore)}, after ${mb(process.resourceUsage().maxRSS * 1024)}`);
    console.log(`fediverse: a reader's /pt/<slug>, ${READERS} at a time`);
    console.log(line('at rest', rest));
    console.log(line('during the fan-out', during));
    const saveLine = (label: string, t: number[] & { failed?: number }) =>
      `  ${label.padEnd(24)} p50 ${percentile(t, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(t, 99).toFixed(1).padStart(7)} ms   (${t.length} saves, ${t.failed ?? 0} failed)`;
    console.log('fediverse: her save of a draft, one every 250 ms');
    console.log(saveLine('at rest', restSaveTimes));
    console.log(saveLine('during the fan-out', duringSaveTimes));
    console.log(`fediverse: load average after ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  } finally {
    await server.close();
    receivers.kill();
  }
}
