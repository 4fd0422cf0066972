/**
 * startServer, the entry the scripts, integration/e2e tests and the bench use:
 * a real socket on a free port, keys that work, and close() that frees the
 * port and the data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_MIGRATIONS } from './db/fixtures/paths.ts';
import { readDataDirLock } from './db/lock.ts';
import { embeddedDbDir } from './db/open.ts';
import { startServer, type RunningServer } from './index.ts';
import { readServerUrl } from './running-server.ts';

let dataDir: string;
let server: RunningServer;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'start-test-'));
  server = await startServer({ port: 0, dataDir, migrationsDir: FIXTURE_MIGRATIONS, seedFile: false });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('listens on a free port of 127.0.0.1 and answers REST with its anon key', async () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const res = await fetch(`${server.url}/rest/v1/notes?select=title&order=id&limit=1`, { headers: { apikey: server.anonKey } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual([{ title: 'First' }]);
});

it('answers REST reads over the socket with CORS, Vary and its own headers, each once', async () => {
  const res = await fetch(`${server.url}/rest/v1/notes?select=*&order=id&limit=1`, { headers: { apikey: server.anonKey, 'Accept-Encoding': 'br' } });
  expect(res.status).toBe(200);
  // fetch joins a header sent twice with ", ": each of these must come once.
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  expect(res.headers.get('vary')).toBe('Accept-Encoding');
  expect(res.headers.get('content-range')).toBe('0-0/*');
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await res.json()).toEqual([expect.objectContaining({ title: 'First' })]);
});

it('reads Range, Accept and Prefer from the socket request as sent, in any case', async () => {
  const key = server.anonKey;
  const ranged = await fetch(`${server.url}/rest/v1/notes?select=title&order=id`, { headers: { apikey: key, range: '0-0', PREFER: 'count=exact' } });
  expect([ranged.status, ranged.headers.get('content-range'), await ranged.json()]).toEqual([206, '0-0/3', [{ title: 'First' }]]);
  const one = await fetch(`${server.url}/rest/v1/notes?select=title&order=id&limit=1`, { headers: { apikey: key, Accept: 'application/vnd.pgrst.object+json' } });
  expect(await one.json()).toEqual({ title: 'First' });
  const refused = await fetch(`${server.url}/rest/v1/notes?select=title`, { headers: { apikey: key, Accept: 'text/csv' } });
  expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([406, 'PGRST107']);
});

it('tells SQL the request path and headers as PostgREST does, from the socket request', async () => {
  const res = await fetch(`${server.url}/rest/v1/rpc/request_seen?note=a%20b`, { headers: { apikey: server.anonKey, 'X-Custom': ' spaced value ', 'x-twice': 'a' } });
  const seen = (await res.json()) as { note: string; path: string; headers: Record<string, string> };
  expect([seen.note, seen.path]).toEqual(['a b', '/rpc/request_seen']);
  const bare = await fetch(`${server.url}/rest/v1/rpc/request_seen`, { headers: { apikey: server.anonKey } });
  expect(((await bare.json()) as { path: string }).path).toBe('/rpc/request_seen');
  expect(seen.headers).toMatchObject({ apikey: server.anonKey, 'x-custom': 'spaced value', 'x-twice': 'a' });
  expect(Object.keys(seen.headers).every((name) => name === name.toLowerCase())).toBe(true);
});

it('reads an encoded query from the socket request as URLSearchParams decodes it', async () => {
  const res = await fetch(`${server.url}/rest/v1/notes?select=title&title=in.(First,%22Third%22)&order=id`, { headers: { apikey: server.anonKey } });
  expect(await res.json()).toEqual([{ title: 'First' }, { title: 'Third' }]);
  const spaced = await fetch(`${server.url}/rest/v1/notes?select=title&title=ilike.*ir*&order=id.desc`, { headers: { apikey: server.anonKey } });
  expect(await spaced.json()).toEqual([{ title: 'Third' }, { title: 'First' }]);
});

/** One raw HTTP/1.1 GET as written (fetch would drop a fragment before sending), and the answer's status line and body. */
function rawGet(target: string, headers: Record<string, string>): Promise<{ status: string; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = [`GET ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: text.slice(0, text.indexOf('\r\n')), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
  });
}

it('leaves out a fragment sent in the request target, as URL parsing does', async () => {
  const res = await rawGet('/rest/v1/notes?select=title&id=eq.1#more', { apikey: server.anonKey, 'Accept-Encoding': 'identity' });
  expect(res.status).toBe('HTTP/1.1 200 OK');
  expect(res.body).toContain('[{"title":"First"}]');
});

it('has a service_role key that bypasses RLS', async () => {
  const res = await fetch(`${server.url}/rest/v1/notes?select=title&published=is.false`, { headers: { apikey: server.serviceRoleKey } });
  expect(await res.json()).toEqual([{ title: 'Draft' }]);
});

it('records its URL beside the data directory, for tools like create-admin', () => {
  expect(readServerUrl(dataDir)).toBe(server.url);
});

it('close() answers the requests under way, stops listening and releases the data directory', async () => {
  await server.db.exec(`create function public.slow() returns text language sql as $$ select pg_sleep(0.5); select 'done' $$; grant execute on function public.slow() to anon;`);
  await fetch(`${server.url}/rest/v1/rpc/slow`, { method: 'POST', headers: { apikey: server.serviceRoleKey } }); // the schema cache learns it
  const underWay = fetch(`${server.url}/rest/v1/rpc/slow`, { headers: { apikey: server.anonKey } }).then(async (r) => [r.status, await r.json()]);
  await new Promise((resolve) => setTimeout(resolve, 150));
  await server.close();
  expect(await underWay).toEqual([200, 'done']);
  expect(readServerUrl(dataDir)).toBeUndefined();
  await expect(fetch(`${server.url}/rest/v1/notes`)).rejects.toThrow();
  expect((await readDataDirLock(embeddedDbDir(dataDir))).locked).toBe(false);
});
