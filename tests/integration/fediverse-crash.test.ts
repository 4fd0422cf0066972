/**
 * A fan-out killed halfway loses nothing (issue 45): the server, killed with
 * SIGKILL while it delivers a new post to 150 followers (each on its own
 * inbox, on a slow Fedify server on 127.0.0.1 whose readers share one key)
 * and started again, gets the Create to every one of them, and each
 * receiver handles it once: what was
 * in flight at the kill goes again with the same activity id, which the
 * receiver (as Mastodon) keys by. On PGlite (the next start takes back the
 * dead run's claims) and PostgreSQL (they lapse with their lease).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { copyPgliteTemplate, createDatabaseFromTemplate, type TemplateSpec } from '../../server/db/testing/templates.ts';
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { targets } from './harness.ts';

const UNSEEDED: TemplateSpec = { migrationsDir: path.join(PROJECT_ROOT, 'supabase', 'migrations'), seedFile: undefined };
const FOLLOWERS = 150;
const LEASE_MS = 2_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startChild(settings: { dataDir?: string; databaseUrl?: string; port: number }) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'server', 'fediverse', 'testing', 'server-child.ts'),
      JSON.stringify({ ...settings, allow: ['127.0.0.1'], leaseMs: LEASE_MS })],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready ')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, ready, exited };
}

describe.each(targets)('a fan-out killed halfway on $name', (target) => {
  let peer: Peer;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const children: ChildProcess[] = [];
  const names = Array.from({ length: FOLLOWERS }, (_, i) => `reader${i}`);

  const open = () => openDatabase({ dataDir, databaseUrl, inMemory: false, migrationsDir: UNSEEDED.migrationsDir, seedFile: undefined });

  beforeAll(async () => {
    peer = await startPeer({ names, delayMs: 40, oneKey: true });
    if (target.name === 'PostgreSQL') ({ url: databaseUrl, drop } = await createDatabaseFromTemplate(target.serverUrl!, UNSEEDED));
    else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'fediverse-crash-'));
      await copyPgliteTemplate(dataDir, UNSEEDED);
    }
    const { db } = await open();
    try {
      await db.query(
        `insert into public.fediverse_followers (language, actor_id, handle, inbox, server)
         select 'pt', $1 || '/users/' || n, '@' || n || '@' || $2, $1 || '/users/' || n || '/inbox', '127.0.0.1' from unnest($3::text[]) n`,
        [peer.origin, peer.host, names],
      );
      await db.query(`insert into public.blog_posts (title, excerpt, content, language, published) values ('Cento e cinquenta', 'Para todos', 'Texto.', 'pt', true)`);
    } finally {
      await db.close();
    }
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await peer.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the Create to every follower, each handling it once, after a SIGKILL and a new start', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const first = startChild({ dataDir, databaseUrl, port });
    children.push(first.child);
    await first.ready;
    while (peer.received.length < 30) {
      if (first.child.exitCode !== null) throw new Error('the server stopped by itself');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const beforeRestart = peer.received.length;
    expect(beforeRestart).toBeLessThan(FOLLOWERS);

    const second = startChild({ dataDir, databaseUrl, port });
    children.push(second.child);
    await second.ready;
    const deadline = Date.now() + 60_000;
    while (new Set(peer.received.map((r) => r.inbox)).size < FOLLOWERS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const perInbox = new Map<string | null, number>();
    for (const r of peer.received) perInbox.set(r.inbox, (perInbox.get(r.inbox) ?? 0) + 1);
    expect([...perInbox.values()].filter((n) => n !== 1), 'followers who handled the post twice').toEqual([]);
    expect(new Set(peer.received.map((r) => r.json.id)).size, 'one activity, one id').toBe(1);
    expect(peer.received.every((r) => r.json.type === 'Create')).toBe(true);

    const { db } = await open();
    try {
      const states = (await db.query<{ state: string; n: number }>(`select state, count(*)::int as n from private.fediverse_deliveries group by state`)).rows;
      expect(states).toEqual([{ state: 'delivered', n: FOLLOWERS }]);
    } finally {
      await db.close();
    }
  });
});
