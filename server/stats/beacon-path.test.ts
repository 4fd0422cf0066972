/**
 * The beacon path (issue 42): a view beacon taken before the app is answered
 * exactly as the app answers it, and everything it does not take is the
 * app's to answer, body included. Two listeners on one app and one database
 * (the site's real migrations on PGlite): the app's own, and the beacon path
 * in front of it, as server/index.ts listens. Each request goes to both; the
 * status, headers and body must match, and the views counted must be those
 * answered 204.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { createApp } from '../app.ts';
import { PROJECT_ROOT, readAuthSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { copyPgliteTemplate } from '../db/testing/templates.ts';
import { createApiKeys } from '../keys.ts';
import { signToken, TEST_SECRET } from '../rest/testing.ts';
import { beaconPath } from './beacon-path.ts';
import { viewBufferFor } from './view-buffer.ts';

const MIGRATIONS = path.join(PROJECT_ROOT, 'supabase', 'migrations');
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(server: ServerType, headers: Record<string, string>, body: string | Buffer, options: { from?: string; url?: string; method?: string } = {}): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.url ?? '/rest/v1/rpc/record_view', agent: false, localAddress: options.from,
      // One Host for both listeners (their ports differ), in the form the app takes as it is.
      headers: { Host: '127.0.0.1:8080', 'User-Agent': AGENT, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
    }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What a client can tell apart: the status, every header but the date and the connection's, the body. */
function comparable(a: Answer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = a.headers;
  return { status: a.status, headers, body: a.body };
}

describe('a view beacon answered before the app', () => {
  let db: Database;
  let dataDir: string;
  let anonKey: string;
  let post: string;
  let appServer: ServerType;
  let fastServer: ServerType;
  /** Requests the beacon path handed to the app. */
  let handedOn = 0;

  const listenOn = (server: ServerType) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'beacon-path-'));
    await copyPgliteTemplate(dataDir, { migrationsDir: MIGRATIONS });
    db = (await openDatabase({ dataDir, migrationsDir: MIGRATIONS })).db;
    const keys = await createApiKeys(TEST_SECRET);
    anonKey = keys.anonKey;
    const app = createApp({
      db, jwtSecret: TEST_SECRET, ...keys, auth: readAuthSettings(path.join(PROJECT_ROOT, 'supabase', 'config.toml')),
      dataDir: undefined, site: undefined, siteUrl: undefined, apiExternalUrl: 'http://localhost',
    });
    const [row] = (await db.query<{ id: string }>(
      `insert into public.blog_posts (language, title, content, published, date) values ('pt', 'Lido', 'Texto.', true, now() - interval '1 hour') returning id`,
    )).rows;
    post = row!.id;
    appServer = createAdaptorServer({ fetch: app.fetch });
    fastServer = createAdaptorServer({
      fetch: app.fetch,
      createServer: ((options: http.ServerOptions, listener: RequestListener) =>
        http.createServer(options, beaconPath({ views: viewBufferFor(db), anonKey: keys.anonKey, jwtSecret: TEST_SECRET }, (req, res) => {
          handedOn++;
          listener(req, res);
        }))) as typeof http.createServer,
    });
    await Promise.all([listenOn(appServer), listenOn(fastServer)]);
  });

  afterAll(async () => {
    appServer?.close();
    fastServer?.close();
    await viewBufferFor(db).close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const viewsToday = async () => {
    await viewBufferFor(db).flush();
    const [row] = (await db.query<{ views: number }>('select coalesce(sum(views), 0)::int as views from public.stats_site_daily')).rows;
    return row!.views;
  };

  /** The same request to both listeners: the answers must be the same; returns them and whether the beacon path kept it. */
  async function both(headers: Record<string, string>, body: string | Buffer, options: { from?: string; url?: string; method?: string } = {}) {
    const before = handedOn;
    const fast = await send(fastServer, headers, body, options);
    const taken = handedOn === before;
    const plain = await send(appServer, headers, body, options);
    expect(comparable(fast)).toEqual(comparable(plain));
    return { answer: fast, taken };
  }

  it('answers a reader\'s beacon itself, with the app\'s status and headers, and counts it', async () => {
    const anon = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
    // The first beacon of a post goes the app's way (record_view finds it public); then it is known.
    const first = await both(anon, JSON.stringify({ page: post, referrer: 't.co' }), { from: '127.61.0.1' });
    expect(first.answer.status).toBe(204);
    expect(first.taken).toBe(false);
    const before = await viewsToday();
    const beacons = [
      { headers: anon, body: { page: post, referrer: 't.co' } },
      { headers: { apikey: anonKey }, body: { page: '/pt', referrer: null } },
      { headers: { ...anon, 'Content-Profile': 'public' }, body: { page: '/en' } },
      { headers: { ...anon, Origin: 'https://leitora.example', 'x-client-info': 'supabase-js/2' }, body: { page: post, referrer: 'newsletter' } },
      { headers: { ...anon, Accept: 'application/vnd.pgrst.object+json' }, body: { page: '/pt', referrer: 'direto' } },
      // A server on port 0 may be given a port above 59999.
      { headers: { ...anon, Host: '127.0.0.1:61000' }, body: { page: '/en', referrer: 't.co' } },
    ];
    for (const [i, beacon] of beacons.entries()) {
      const { answer, taken } = await both(beacon.headers, JSON.stringify(beacon.body), { from: `127.61.1.${i + 1}` });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(taken, JSON.stringify(beacon)).toBe(true);
    }
    // Both listeners' beacons: 6 each.
    expect(await viewsToday()).toBe(before + 12);
  });

  it('hands everything else to the app, body and all, which answers as it always did', async () => {
    const anon = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
    const signedIn = await signToken({ role: 'authenticated', sub: '00000000-0000-4000-8000-0000000000ad' });
    const otherAnon = await signToken({ role: 'anon' });
    const unknownPost = '0b7e3c3e-55a7-4b7e-9a51-3f1f7a6f0c11';
    const before = await viewsToday();
    const cases: { name: string; headers: Record<string, string>; body: string | Buffer; status: number; options?: { url?: string; method?: string } }[] = [
      { name: 'a referrer record_view refuses', headers: anon, body: JSON.stringify({ page: post, referrer: 'https://t.co/x' }), status: 400 },
      { name: 'a post that is not public', headers: anon, body: JSON.stringify({ page: unknownPost }), status: 400 },
      { name: 'another argument', headers: anon, body: JSON.stringify({ page: '/pt', extra: 1 }), status: 404 },
      { name: 'a body that is not JSON', headers: anon, body: '{"page": "/pt"', status: 400 },
      { name: 'an array', headers: anon, body: JSON.stringify([{ page: '/pt' }]), status: 400 },
      { name: 'a bad token', headers: { apikey: anonKey, Authorization: 'Bearer not.a.token' }, body: JSON.stringify({ page: '/pt' }), status: 401 },
      { name: 'no key at all', headers: {}, body: JSON.stringify({ page: '/pt' }), status: 401 },
      { name: 'another schema', headers: { ...anon, 'Content-Profile': 'private' }, body: JSON.stringify({ page: '/pt' }), status: 406 },
      { name: 'a query string', headers: anon, body: JSON.stringify({ page: '/pt' }), status: 204, options: { url: '/rest/v1/rpc/record_view?x=1' } },
      { name: 'a rolled-back call', headers: { ...anon, Prefer: 'tx=rollback' }, body: JSON.stringify({ page: '/pt' }), status: 204 },
      { name: 'a body over 4 KB', headers: anon, body: JSON.stringify({ page: '/pt', referrer: `${'a'.repeat(5000)}.com` }), status: 400 },
      // A session's token: record_view asks the database whether she is the admin (this one is not).
      { name: 'a signed-in beacon', headers: { apikey: anonKey, Authorization: `Bearer ${signedIn}` }, body: JSON.stringify({ page: '/pt' }), status: 204 },
      // Another token of the anon role: the app verifies it (this path takes the anon key alone).
      { name: 'another anon token', headers: { apikey: anonKey, Authorization: `Bearer ${otherAnon}` }, body: JSON.stringify({ page: '/pt' }), status: 204 },
      { name: 'an Accept the app refuses', headers: { ...anon, Accept: 'text/html' }, body: JSON.stringify({ page: '/pt' }), status: 406 },
      { name: 'a Host the app refuses', headers: { ...anon, Host: 'a@b' }, body: JSON.stringify({ page: '/pt' }), status: 400 },
      // A port outside the form the app takes as it is: it parses the address, and takes it.
      { name: 'a Host the app parses', headers: { ...anon, Host: 'leitora.example:65000' }, body: JSON.stringify({ page: '/pt' }), status: 204 },
      { name: 'a port the app refuses', headers: { ...anon, Host: '127.0.0.1:70000' }, body: JSON.stringify({ page: '/pt' }), status: 400 },
      { name: 'a GET', headers: anon, body: '', status: 404, options: { method: 'GET' } },
    ];
    for (const [i, c] of cases.entries()) {
      const { answer, taken } = await both(c.headers, c.body, { from: `127.62.0.${i + 1}`, ...c.options });
      expect(taken, c.name).toBe(false);
      expect(answer.status, `${c.name}: ${answer.body}`).toBe(c.status);
    }
    // The query-string, signed-in, other-token and parsed-Host calls count once per listener; the rolled-back call counts nothing.
    expect(await viewsToday()).toBe(before + 8);
  });

  it('caps a reader\'s beacons exactly, at 30 a minute, whichever way each one went', async () => {
    const anon = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'User-Agent': `${AGENT} capped` };
    // All within one minute of the clock, or the cap would start again.
    if (new Date().getSeconds() >= 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
    const before = await viewsToday();
    const answers = await Promise.all(Array.from({ length: 20 }, () => both(anon, JSON.stringify({ page: '/pt', referrer: 't.co' }), { from: '127.63.0.1' })));
    expect(answers.every(({ answer }) => answer.status === 204)).toBe(true);
    // 40 beacons from one reader: counted up to the cap, the same as record_view counts them one by one.
    expect(await viewsToday()).toBe(before + 30);
  });
});
