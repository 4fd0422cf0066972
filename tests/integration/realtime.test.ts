/**
 * Realtime (issue 15) through the real supabase-js `channel().on('postgres_changes')`
 * on PGlite and PostgreSQL: who receives which change (RLS), filters, token
 * updates, and the raw socket's answers to heartbeats, garbage and bad keys.
 */
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

type Post = { id: string; title: string; language: string; published: boolean; category?: string };
type Event = RealtimePostgresChangesPayload<Post>;

/** Subscribes and collects events; resolves once SUBSCRIBED. */
async function listen(client: Client, filter?: string): Promise<{ events: Event[]; channel: RealtimeChannel }> {
  const events: Event[] = [];
  const channel = client
    .channel(`posts-${randomUUID().slice(0, 6)}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'blog_posts', ...(filter ? { filter } : {}) }, (p) =>
      events.push(p as Event),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
  return { events, channel };
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Enough time for a change that should not come to have come. */
const settle = () => new Promise((r) => setTimeout(r, 800));

describe.each(targets)('realtime on $name', (target) => {
  const backend = useBackend(target);
  let admin: TestUser;
  const clients: Client[] = [];
  const track = (c: Client) => (clients.push(c), c);

  beforeAll(async () => {
    admin = await backend.createAdmin('live');
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
  });

  const insert = async (fields: Partial<Post>) => {
    const { data, error } = await backend.service
      .from('blog_posts')
      .insert({ title: `Live ${randomUUID().slice(0, 8)}`, language: 'pt', category: 'Outros', published: true, ...fields })
      .select('id, title, language, published')
      .single();
    if (error) throw new Error(error.message);
    return data as Post;
  };

  it('a visitor receives published inserts, updates and deletes, and never a draft, not even its title', async () => {
    const { events } = await listen(track(backend.anon()));
    const published = await insert({});
    const draft = await insert({ published: false, title: `Rascunho secreto ${randomUUID().slice(0, 6)}` });
    await until(() => events.some((e) => e.eventType === 'INSERT' && e.new.id === published.id), 'the published insert');
    await backend.service.from('blog_posts').update({ title: `${published.title} (editado)` }).eq('id', published.id);
    await until(() => events.some((e) => e.eventType === 'UPDATE' && e.new.title === `${published.title} (editado)`), 'the update');
    await backend.service.from('blog_posts').delete().eq('id', published.id);
    await until(() => events.some((e) => e.eventType === 'DELETE'), 'the delete');
    await backend.service.from('blog_posts').update({ excerpt: 'ainda rascunho' }).eq('id', draft.id);
    await settle();

    expect(JSON.stringify(events)).not.toContain(draft.title);
    expect(events.some((e) => e.eventType === 'INSERT' && e.new.id === draft.id)).toBe(false);
    const deleted = events.find((e) => e.eventType === 'DELETE')!;
    expect(deleted.old).toEqual({ id: published.id });
    const update = events.find((e) => e.eventType === 'UPDATE' && e.new.id === published.id)!;
    expect((update.new as Post).published).toBe(true);
    expect(update.old).toEqual({ id: published.id });
  });

  it('unpublishing is told to a visitor without the content; the admin gets the whole draft', async () => {
    const { events: visitor } = await listen(track(backend.anon()));
    const { events: editor } = await listen(admin.client);
    const post = await insert({});
    await until(() => visitor.some((e) => e.eventType === 'INSERT' && e.new.id === post.id), 'the insert');
    await backend.service.from('blog_posts').update({ published: false }).eq('id', post.id);
    await until(() => editor.some((e) => e.eventType === 'UPDATE' && e.new.id === post.id && e.new.published === false), 'the admin update');
    await until(() => visitor.some((e) => e.eventType === 'UPDATE' && e.old.id === post.id), 'the visitor update');
    const told = visitor.find((e) => e.eventType === 'UPDATE' && e.old.id === post.id)!;
    expect(told.new).toEqual({});
    expect(told.errors).toEqual(['Error 401: Unauthorized']);

    const draft = await insert({ published: false });
    await until(() => editor.some((e) => e.eventType === 'INSERT' && e.new.id === draft.id), 'the admin sees the draft');
    await admin.client.removeAllChannels();
  });

  it('filters: language=eq.en gets only English posts', async () => {
    const { events } = await listen(track(backend.anon()), 'language=eq.en');
    const pt = await insert({ language: 'pt' });
    const en = await insert({ language: 'en', category: 'Others' });
    await until(() => events.some((e) => e.eventType === 'INSERT' && e.new.id === en.id), 'the English post');
    await settle();
    expect(events.some((e) => e.eventType === 'INSERT' && e.new.id === pt.id)).toBe(false);
  });

  it('sees writes from any path: plain SQL as the database owner', async () => {
    const { events } = await listen(track(backend.anon()));
    const title = `Por SQL ${randomUUID().slice(0, 6)}`;
    await backend.sql(`insert into public.blog_posts (title, language, category, published) values ($1, 'pt', 'Outros', true)`, [title]);
    await until(() => events.some((e) => e.eventType === 'INSERT' && e.new.title === title), 'the SQL insert');
  });

  it('a new access token keeps the channel and re-evaluates RLS with its claims', async () => {
    const reader = await backend.createUser('reader');
    const { events, channel } = await listen(reader.client);
    // The reader's token, then the admin's: drafts become visible on this channel.
    const session = (await admin.client.auth.getSession()).data.session!;
    await reader.client.realtime.setAuth(session.access_token);
    await new Promise((r) => setTimeout(r, 300));
    const draft = await insert({ published: false });
    await until(() => events.some((e) => e.eventType === 'INSERT' && e.new.id === draft.id), 'the draft after the token change');
    expect(channel.state).toBe('joined');
  });

  describe('the raw socket', () => {
    const socketUrl = (key: string) => `${backend.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`;
    const openSocket = (key: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(socketUrl(key));
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
        ws.once('error', reject);
      });
    const next = (ws: WebSocket) => new Promise<unknown>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));

    it('answers a heartbeat, and refuses a bad key at the upgrade with 401', async () => {
      const ws = await openSocket(backend.anonKey);
      const reply = next(ws);
      ws.send(JSON.stringify([null, '7', 'phoenix', 'heartbeat', {}]));
      expect(await reply).toEqual([null, '7', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
      ws.close();
      await expect(openSocket('not-a-jwt')).rejects.toMatchObject({ status: 401 });
    });

    it('closes a socket that sends garbage; another socket carries on', async () => {
      const bad = await openSocket(backend.anonKey);
      const good = await openSocket(backend.anonKey);
      const closed = new Promise<number>((resolve) => bad.once('close', (code) => resolve(code)));
      bad.send('{not json');
      expect(await closed).toBe(1003);
      const reply = next(good);
      good.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
      expect(await reply).toMatchObject([null, '1', 'phoenix', 'phx_reply', { status: 'ok' }]);
      good.close();
    });

    it('refuses a join on a table outside the publication, with an error reply', async () => {
      const ws = await openSocket(backend.anonKey);
      const reply = next(ws);
      ws.send(JSON.stringify(['1', '1', 'realtime:x', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'user_roles' }] } }]));
      expect(await reply).toMatchObject(['1', '1', 'realtime:x', 'phx_reply', { status: 'error' }]);
      ws.close();
    });
  });
});
