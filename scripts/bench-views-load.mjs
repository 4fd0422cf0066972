/**
 * The load of `npm run bench`'s viral-post run (scripts/bench-views.ts), on a
 * thread of its own so that the server's event loop pays nothing for it.
 * Every request is a new connection from its own 127.x address (and user
 * agent), as readers behind their own homes are.
 *
 * workerData:
 * - { kind: 'readers', url, path, concurrency, seconds, firstAddress }: closed
 *   loop, `concurrency` readers each GETting `path` again as soon as answered;
 * - { kind: 'readers', url, path, rate, seconds, firstAddress }: open loop,
 *   `rate` readers a second, each never seen before (a shared post's readers);
 * - { kind: 'beacons', url, rate, seconds, body, anonKey, firstAddress }:
 *   open loop, `rate` view beacons a second whatever the answers, each from
 *   a reader never seen before.
 * Posts back { latencies: number[] (ms of the 2xx), sentAt: number[] (when
 *   each of those was sent, ms since the epoch, to set beside the server's
 *   batch writes), statuses: Record<status, count>, seconds, cpuMs: this
 *   thread's own CPU time }.
 */
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { kind, url, seconds } = workerData;
const target = new URL(url);

/** The i-th address from 127.<firstAddress>.0.1 on, never .0 or .255 in the last place. */
function address(i) {
  const n = workerData.firstAddress * 65536 + Math.floor(i / 254) * 256 + (i % 254) + 1;
  return `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

const agent = (i) => `Mozilla/5.0 (X11; Linux x86_64; leitor ${kind} ${i}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36`;

/**
 * One request on a new connection from the i-th address: the request written
 * in one piece on a plain socket, the answer's status and length read from
 * its head, done when the server closes (Connection: close). Node's
 * http.request cost this thread ~0.6 ms a request (its agent, parser and
 * streams), as much CPU as the server spent answering: on two cores the load
 * then took the server's time, and the beacons' sender above all, which a
 * shared post's readers run on their own devices.
 */
function send(i, method, path, headers, body) {
  return new Promise((resolve) => {
    const start = performance.now();
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: ${agent(i)}\r\nConnection: close\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    head += '\r\n';
    const socket = net.connect({ host: target.hostname, port: Number(target.port), localAddress: address(i), noDelay: true });
    let received = Buffer.alloc(0);
    let status;
    let expected;
    let got = 0;
    const done = (answer) => {
      if (status === null) return;
      status = null;
      socket.destroy();
      resolve({ ...answer, sentAt: performance.timeOrigin + start, ms: performance.now() - start });
    };
    socket.on('data', (chunk) => {
      if (expected !== undefined) {
        got += chunk.length;
        return;
      }
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const text = received.toString('latin1', 0, end);
      status = Number(text.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      expected = length ? Number(length[1]) : 0;
      got = received.length - end - 4;
      received = undefined;
    });
    socket.on('end', () => {
      if (status === undefined || got < expected) done({ status: 'error incomplete answer' });
      else done({ status });
    });
    socket.on('error', (e) => done({ status: `error ${e.code ?? e.message}` }));
    socket.write(body ? head + body : head);
  });
}

const latencies = [];
const sentAt = [];
const statuses = {};
const note = (answer) => {
  statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  if (typeof answer.status === 'number' && answer.status < 300) {
    latencies.push(answer.ms);
    sentAt.push(answer.sentAt);
  }
};

const started = performance.now();
const cpuAtStart = process.threadCpuUsage();
const end = started + seconds * 1000;

/** `rate` requests a second on time, whatever the answers (open loop). */
async function openLoop(rate, request) {
  const pending = [];
  let sent = 0;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      const due = Math.min(rate * seconds, Math.floor(((Math.min(now, end) - started) / 1000) * rate));
      while (sent < due) pending.push(request(sent++).then(note));
      if (now >= end) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  await Promise.all(pending);
}

if (kind === 'readers' && workerData.rate) {
  await openLoop(workerData.rate, (i) => send(i, 'GET', workerData.path, { 'Accept-Encoding': 'br' }));
} else if (kind === 'readers') {
  let n = 0;
  await Promise.all(
    Array.from({ length: workerData.concurrency }, async () => {
      while (performance.now() < end) note(await send(n++, 'GET', workerData.path, { 'Accept-Encoding': 'br' }));
    }),
  );
} else {
  const body = workerData.body;
  const headers = {
    apikey: workerData.anonKey,
    Authorization: `Bearer ${workerData.anonKey}`,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
  };
  await openLoop(workerData.rate, (i) => send(i, 'POST', '/rest/v1/rpc/record_view', headers, body));
}

const cpu = process.threadCpuUsage(cpuAtStart);
parentPort.postMessage({ latencies, sentAt, statuses, seconds: (performance.now() - started) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 });
