/**
 * Realtime's lifecycle and limits (issue 15): supabase-js rejoins after a
 * server restart and hears the next change; an expired token ends its
 * channel; too many channels or messages get an error or a closed socket for
 * that client alone. (What a subscriber receives, and RLS: tests/integration/realtime.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../index.ts';

const until = async (check: () => boolean, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

function openSocket(server: RunningServer): Promise<{ ws: WebSocket; frames: unknown[][]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`);
    const frames: unknown[][] = [];
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as unknown[]));
    ws.once('open', () => resolve({ ws, frames, closed }));
    ws.once('error', reject);
  });
}

const join = (topic: string, ref: string, payload: Record<string, unknown> = {}) =>
  JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'blog_posts' }] }, ...payload }]);

describe('realtime lifecycle', () => {
  it('supabase-js rejoins after the server restarts and receives the next change', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'realtime-restart-'));
    let server = await startServer({ port: 0, dataDir, seedFile: false });
    const port = server.port;
    const client = createClient(server.url, server.anonKey, { auth: { persistSession: false } });
    const titles: string[] = [];
    const statuses: string[] = [];
    client
      .channel('restart')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'blog_posts' }, (p) => titles.push((p.new as { title: string }).title))
      .subscribe((s) => statuses.push(s));
    try {
      await until(() => statuses.includes('SUBSCRIBED'), 'the first join');
      await server.close();
      await until(() => statuses.includes('CHANNEL_ERROR') || statuses.includes('CLOSED'), 'the channel to notice');
      server = await startServer({ port, dataDir, seedFile: false });
      await until(() => statuses.filter((s) => s === 'SUBSCRIBED').length >= 2, 'the rejoin');
      await server.db.query(`insert into public.blog_posts (title, language, category, published) values ('Depois do reinício', 'pt', 'Outros', true)`);
      await until(() => titles.includes('Depois do reinício'), 'the change after the restart');
    } finally {
      await client.removeAllChannels();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  describe('limits and expiry', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ port: 0, inMemory: true, seedFile: false });
    });
    afterAll(() => server.close());

    it('ends a channel whose token expires: a system error, then phx_close', async () => {
      const token = await new SignJWT({ role: 'anon' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + 1)
        .sign(new TextEncoder().encode(server.jwtSecret));
      const { ws, frames } = await openSocket(server);
      ws.send(join('short', '1', { access_token: token }));
      await until(() => frames.some((f) => f[3] === 'phx_reply'), 'the join reply');
      expect(frames.find((f) => f[3] === 'phx_reply')![4]).toMatchObject({ status: 'ok' });
      await until(() => frames.some((f) => f[3] === 'phx_close'), 'the channel to close', 15_000);
      const system = frames.filter((f) => f[3] === 'system').map((f) => f[4] as { status: string; message: string });
      expect(system.at(-1)).toMatchObject({ status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/) });
      ws.close();
    }, 20_000);

    it('refuses the 101st channel of a socket with an error reply, and keeps the others', async () => {
      const { ws, frames } = await openSocket(server);
      for (let i = 1; i <= 101; i++) {
        ws.send(join(`c${i}`, String(i)));
        if (i % 50 === 0) {
          await until(() => frames.filter((f) => f[3] === 'phx_reply').length >= i, `${i} replies`);
          // Under the 100 messages a second a socket may send.
          await new Promise((r) => setTimeout(r, 1100));
        }
      }
      await until(() => frames.filter((f) => f[3] === 'phx_reply').length >= 101, 'every reply', 10_000);
      const last = frames.filter((f) => f[3] === 'phx_reply').at(-1)!;
      expect(last[2]).toBe('realtime:c101');
      expect(last[4]).toEqual({ status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } });
      expect(frames.filter((f) => f[3] === 'phx_reply' && (f[4] as { status: string }).status === 'ok')).toHaveLength(100);
      ws.close();
    });

    it('refuses a join with more than 100 postgres_changes bindings, or past 1,000 on one socket, or an `in` list past 100, with an error reply', async () => {
      const { ws, frames } = await openSocket(server);
      const bindings = (n: number, filter = (i: number) => `title=eq.${i}`) =>
        Array.from({ length: n }, (_, i) => ({ event: '*', schema: 'public', table: 'blog_posts', filter: filter(i) }));
      const replyTo = async (ref: string, topic: string, postgres_changes: unknown[]) => {
        ws.send(JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', { config: { postgres_changes } }]));
        await until(() => frames.some((f) => f[1] === ref && f[3] === 'phx_reply'), `the reply to ${ref}`);
        return frames.find((f) => f[1] === ref && f[3] === 'phx_reply')![4];
      };
      expect(await replyTo('a', 'too-many', bindings(101))).toEqual({
        status: 'error',
        response: { reason: 'PostgresChangesLimitReached: Too many postgres_changes bindings on a channel (at most 100)' },
      });
      const values = Array.from({ length: 101 }, (_, i) => `v${i}`).join(',');
      expect(await replyTo('b', 'long-in', bindings(1, () => `title=in.(${values})`))).toEqual({
        status: 'error',
        response: { reason: 'too many values for `in` filter. Maximum 100' },
      });
      for (let i = 0; i < 10; i++) expect(await replyTo(`c${i}`, `full-${i}`, bindings(100))).toMatchObject({ status: 'ok' });
      expect(await replyTo('d', 'one-more', bindings(1))).toEqual({
        status: 'error',
        response: { reason: 'PostgresChangesLimitReached: Too many postgres_changes bindings on a socket (at most 1000)' },
      });
      // Joining a topic again replaces its bindings, so it may ask for as many as it held.
      expect(await replyTo('e', 'full-0', bindings(100))).toMatchObject({ status: 'ok' });
      ws.close();
    });

    it('refuses the 101st socket from one address with 429; refused keys take no place, closed sockets give theirs back', async () => {
      const upgrade = (key: string) =>
        new Promise<number | undefined>((resolve) => {
          const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`);
          ws.once('unexpected-response', (_req, res) => resolve(res.statusCode));
          ws.once('open', () => {
            ws.close();
            resolve(undefined);
          });
        });
      for (let i = 0; i < 5; i++) expect(await upgrade('not-a-jwt')).toBe(401);
      const sockets = await Promise.all(Array.from({ length: 100 }, () => openSocket(server)));
      expect(await upgrade(server.anonKey)).toBe(429);
      sockets[0]!.ws.close();
      await sockets[0]!.closed;
      let status: number | undefined = 429;
      for (let i = 0; i < 20 && status === 429; i++) {
        status = await upgrade(server.anonKey);
        if (status === 429) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBeUndefined();
      for (const s of sockets.slice(1)) s.ws.close();
      await Promise.all(sockets.slice(1).map((s) => s.closed));
    });

    it('closes a socket that sends more than 100 messages in a second; another socket carries on', async () => {
      const noisy = await openSocket(server);
      const quiet = await openSocket(server);
      for (let i = 0; i < 150; i++) noisy.ws.send(JSON.stringify([null, String(i), 'phoenix', 'heartbeat', {}]));
      expect(await noisy.closed).toBe(1008);
      quiet.ws.send(JSON.stringify([null, 'q', 'phoenix', 'heartbeat', {}]));
      await until(() => quiet.frames.some((f) => f[1] === 'q'), 'the quiet socket answered');
      quiet.ws.close();
    });
  });
});
