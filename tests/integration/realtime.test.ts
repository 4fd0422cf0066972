/**
 * Realtime (issue 15) through the real supabase-js `channel().on('postgres_changes')`
 * on PGlite and PostgreSQL: who receives which change (RLS), filters, token
 * updates, and the raw socket's answers to heartbeats, garbage and bad keys.
 * Issue 22: a subscriber hears nothing of rows it may not read, however many
 * filters it asks with; a channel ends when the session behind its token does.
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

type Frame = [string | null, string | null, string, string, Record<string, unknown>];
interface BindingAsked {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  filter?: string;
}
interface RawChannel {
  ws: WebSocket;
  /** Every frame the socket received, in order. */
  frames: Frame[];
  /** The postgres_changes messages among them. */
  heard: () => { ids: number[]; data: Record<string, unknown> }[];
  /** The ids the server gave the bindings, in the order asked. */
  ids: number[];
  /** Joins the channel again, and resolves with the reply's payload. */
  rejoin: () => Promise<Record<string, unknown>>;
}

/** A raw socket (anon key) joined to one channel on blog_posts with these bindings, as its own token if given. */
async function rawChannel(url: string, anonKey: string, bindings: BindingAsked[], accessToken?: string): Promise<RawChannel> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`);
  const frames: Frame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as Frame));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  let ref = 0;
  const join = async () => {
    const r = String(++ref);
    const payload = {
      config: { postgres_changes: bindings.map((b) => ({ schema: 'public', table: 'blog_posts', ...b })) },
      ...(accessToken ? { access_token: accessToken } : {}),
    };
    ws.send(JSON.stringify([r, r, 'realtime:raw', 'phx_join', payload]));
    await until(() => frames.some((f) => f[1] === r && f[3] === 'phx_reply'), 'the join reply');
    return frames.find((f) => f[1] === r && f[3] === 'phx_reply')![4];
  };
  const reply = await join();
  expect(reply, JSON.stringify(reply)).toMatchObject({ status: "ok" });
  const ids = ((reply.response as { postgres_changes: { id: number }[] }).postgres_changes ?? []).map((b) => b.id);
  const heard = () => frames.filter((f) => f[3] === 'postgres_changes').map((f) => f[4] as { ids: number[]; data: Record<string, unknown> });
  return { ws, frames, heard, ids, rejoin: join };
}

/** Is this message about the row with this id (in its record or its old record)? */
const about = (m: { data: Record<string, unknown> }, id: string) =>
  (m.data.record as { id?: string } | undefined)?.id === id || (m.data.old_record as { id?: string } | undefined)?.id === id;

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

  describe('what a subscriber may not read, it does not hear of (issue 22)', () => {
    /** A filter guess and, for a row the visitor may read, whether it holds (null matches nothing, as on the server). */
    interface Guess extends BindingAsked {
      column?: 'id' | 'title' | 'content' | 'excerpt' | 'published' | 'language' | 'category';
      holds?: (value: string) => boolean;
    }
    const guess = (event: Guess['event'], column: NonNullable<Guess['column']>, op: 'eq' | 'neq' | 'lt' | 'gte' | 'in', value: string): Guess => ({
      event,
      column,
      filter: `${column}=${op}.${value}`,
      holds: (v) => {
        if (op === 'eq') return v === value;
        if (op === 'neq') return v !== value;
        if (op === 'lt') return v < value;
        if (op === 'gte') return v >= value;
        return value.slice(1, -1).split(',').includes(v);
      },
    });

    it('an anonymous socket with a hundred filters hears nothing of a draft written, edited and deleted by the admin; a published post still arrives, to the bindings it passes', async () => {
      const draftId = randomUUID();
      const secret = `Kappa ${randomUUID().slice(0, 6)}`;
      const guesses: Guess[] = [
        ...[...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((l) => guess('*', 'title', 'gte', l)),
        ...[...'abcdefghijklmnopqrst'].map((l) => guess('*', 'content', 'lt', l)),
        ...[...'0123456789abcdef'].map((h) => guess('*', 'id', 'gte', h)),
        guess('*', 'title', 'eq', secret),
        guess('*', 'title', 'eq', `${secret} v2`),
        guess('*', 'title', 'neq', 'x'),
        guess('*', 'content', 'eq', 'segredo'),
        guess('*', 'content', 'gte', 'segredo'),
        guess('*', 'excerpt', 'eq', 'resumo secreto'),
        guess('*', 'excerpt', 'gte', 'r'),
        guess('*', 'id', 'eq', draftId),
        guess('INSERT', 'id', 'eq', draftId),
        guess('UPDATE', 'id', 'eq', draftId),
        guess('DELETE', 'id', 'eq', draftId),
        guess('*', 'id', 'neq', draftId),
        guess('*', 'id', 'in', `(${draftId},${randomUUID()})`),
        guess('*', 'published', 'eq', 'false'),
        guess('*', 'published', 'eq', 'true'),
        guess('*', 'published', 'neq', 'true'),
        guess('*', 'language', 'eq', 'pt'),
        guess('*', 'language', 'eq', 'en'),
        guess('*', 'category', 'eq', 'Outros'),
        guess('*', 'category', 'neq', 'Outros'),
        ...[...'ghijklmn'].map((l) => guess('DELETE', 'title', 'gte', l)),
        ...[...'012345'].map((h) => guess('UPDATE', 'id', 'lt', h)),
        { event: '*' },
        { event: 'INSERT' },
        { event: 'UPDATE' },
        { event: 'DELETE' },
      ];
      expect(guesses).toHaveLength(100);
      const visitor = await rawChannel(backend.url, backend.anonKey, guesses.map(({ event, filter }) => ({ event, filter })));
      expect(visitor.ids).toHaveLength(100);

      const posts = admin.client.from('blog_posts');
      const written = await posts.insert({ id: draftId, title: secret, content: 'segredo', language: 'pt', category: 'Outros', published: false });
      expect(written.error).toBeNull();
      expect((await posts.update({ title: `${secret} v2`, content: 'segredo maior' }).eq('id', draftId)).error).toBeNull();
      expect((await posts.update({ excerpt: 'resumo secreto' }).eq('id', draftId)).error).toBeNull();
      expect((await posts.delete().eq('id', draftId)).error).toBeNull();
      // Then a published post, added and taken away: all this socket may hear.
      const added = await posts.insert({ title: `Publicado ${randomUUID().slice(0, 6)}`, content: 'Texto público.', language: 'pt', category: 'Outros', published: true }).select().single();
      expect(added.error).toBeNull();
      const published = added.data!;
      expect((await posts.delete().eq('id', published.id)).error).toBeNull();
      // Changes reach a socket in the order they were written: once the delete is here, so is anything before it.
      await until(() => visitor.heard().some((m) => m.data.type === 'DELETE' && about(m, published.id)), 'the published post taken away');

      // Past the join's reply (which echoes the filters) and "Subscribed": the published post's two messages, and nothing else.
      expect(visitor.frames.map((f) => f[3])).toEqual(['phx_reply', 'system', 'postgres_changes', 'postgres_changes']);
      const heard = visitor.heard();
      expect(heard.map((m) => [m.data.type, about(m, published.id)])).toEqual([
        ['INSERT', true],
        ['DELETE', true],
      ]);
      expect(JSON.stringify(heard)).not.toContain(draftId);
      expect(JSON.stringify(heard)).not.toContain('Kappa');
      expect(JSON.stringify(heard)).not.toContain('segredo');
      const value = (column: NonNullable<Guess['column']>) => {
        const v = (published as Record<string, unknown>)[column];
        return v === null || v === undefined ? undefined : String(v);
      };
      const expected = (type: 'INSERT' | 'DELETE') =>
        guesses
          .map((g, i) => ({ g, id: visitor.ids[i]! }))
          .filter(({ g }) => g.event === '*' || g.event === type)
          .filter(({ g }) => {
            if (!g.column) return true;
            // A delete carries only the key, and is filtered on it alone (as on hosted).
            if (type === 'DELETE' && g.column !== 'id') return true;
            const v = value(g.column);
            return v !== undefined && g.holds!(v);
          })
          .map(({ id }) => id)
          .sort((a, b) => a - b);
      expect([...heard[0]!.ids].sort((a, b) => a - b)).toEqual(expected('INSERT'));
      expect([...heard[1]!.ids].sort((a, b) => a - b)).toEqual(expected('DELETE'));
      expect(heard[0]!.data.record).toMatchObject({ id: published.id, title: published.title, published: true });
      expect(heard[1]!.data.old_record).toEqual({ id: published.id });
      visitor.ws.close();
    });

    it('a draft published in the very transaction that wrote it reaches a visitor only as published, never with its draft text', async () => {
      const visitor = await rawChannel(backend.url, backend.anonKey, [{ event: '*' }]);
      const id = randomUUID();
      const title = `Publicado ${randomUUID().slice(0, 6)}`;
      // Both changes are logged at one commit, so they are read and sent together, after it.
      await backend.sql(
        `do $$
         begin
           insert into public.blog_posts (id, title, content, language, category, published)
             values ('${id}', 'Lambda secreto', 'texto secreto', 'pt', 'Outros', false);
           update public.blog_posts set title = '${title}', content = 'Texto público.', published = true where id = '${id}';
         end
         $$`,
      );
      await until(() => visitor.heard().some((m) => about(m, id)), 'the post, published');
      const heard = visitor.heard().filter((m) => about(m, id));
      expect(heard.map((m) => m.data.type)).toEqual(['UPDATE']);
      expect(heard[0]!.data.record).toMatchObject({ id, title, published: true });
      expect(JSON.stringify(visitor.frames)).not.toContain('secreto');
      visitor.ws.close();
    });

    it('a post unpublished is told, without its content, to the bindings its published version passed; a draft published arrives whole', async () => {
      const visitor = await rawChannel(backend.url, backend.anonKey, [
        { event: '*', filter: 'language=eq.pt' },
        { event: '*', filter: 'language=eq.en' },
        { event: 'UPDATE', filter: 'published=eq.true' },
      ]);
      // The second binding (language=eq.en) never passes: the post is Portuguese in all its versions.
      const [pt, , published] = visitor.ids as [number, number, number];
      const post = await insert({ language: 'pt' });
      await until(() => visitor.heard().some((m) => m.data.type === 'INSERT' && about(m, post.id)), 'the insert');
      await backend.service.from('blog_posts').update({ published: false, title: 'Agora rascunho secreto' }).eq('id', post.id);
      await until(() => visitor.heard().some((m) => m.data.type === 'UPDATE' && about(m, post.id)), 'the unpublish');
      const told = visitor.heard().find((m) => m.data.type === 'UPDATE' && about(m, post.id))!;
      expect([...told.ids].sort((a, b) => a - b)).toEqual([pt, published].sort((a, b) => a - b));
      expect(told.data).toMatchObject({ record: {}, old_record: { id: post.id }, errors: ['Error 401: Unauthorized'] });

      await backend.service.from('blog_posts').update({ published: true, title: 'De novo público' }).eq('id', post.id);
      await until(() => visitor.heard().filter((m) => about(m, post.id)).length === 3, 'the publish');
      const again = visitor.heard().filter((m) => about(m, post.id))[2]!;
      expect(again.data).toMatchObject({ type: 'UPDATE', record: { id: post.id, title: 'De novo público', published: true }, old_record: { id: post.id } });
      expect(JSON.stringify(visitor.frames)).not.toContain('secreto');
      visitor.ws.close();
    });
  });

  describe('a channel ends with the session behind its token (issue 22)', () => {
    const tokenOf = async (client: Client) => (await client.auth.getSession()).data.session!.access_token;
    const signIn = async (user: TestUser) => {
      const client = track(backend.anon());
      const { error } = await client.auth.signInWithPassword({ email: user.email, password: user.password });
      if (error) throw new Error(error.message);
      return client;
    };
    const ended = (channel: RawChannel) => channel.frames.some((f) => f[3] === 'phx_close');
    /** As an expired token ends a channel: a system error saying why, then phx_close. */
    const expectEndedForTheSession = (channel: RawChannel) => {
      const last = channel.frames.slice(-2);
      expect(last.map((f) => f[3])).toEqual(['system', 'phx_close']);
      expect(last[0]![4]).toEqual({
        extension: 'system',
        status: 'error',
        message: 'InvalidJWTToken: Session from session_id claim in JWT does not exist',
        channel: 'raw',
      });
    };

    it('signing out everywhere from another device: nothing saved afterwards reaches her open channel, which ends', async () => {
      const her = await backend.createAdmin('global');
      const channel = await rawChannel(backend.url, backend.anonKey, [{ event: '*' }], await tokenOf(her.client));
      const before = await insert({ published: false });
      await until(() => channel.heard().some((m) => about(m, before.id)), 'her draft while she is signed in');

      const phone = await signIn(her);
      expect((await phone.auth.signOut({ scope: 'global' })).error).toBeNull();
      const draft = await insert({ published: false });
      const post = await insert({});
      await until(() => ended(channel), 'her channel to end', 15_000);
      expect(channel.heard().some((m) => about(m, draft.id) || about(m, post.id))).toBe(false);
      expect(JSON.stringify(channel.frames)).not.toContain(draft.title);
      expectEndedForTheSession(channel);
      channel.ws.close();
    });

    it('signing out of one session (scope local): that session\'s channel ends before the next draft, her other session keeps hearing', async () => {
      const her = await backend.createAdmin('local');
      const laptop = await signIn(her);
      const ending = await rawChannel(backend.url, backend.anonKey, [{ event: '*' }], await tokenOf(her.client));
      const staying = await rawChannel(backend.url, backend.anonKey, [{ event: '*' }], await tokenOf(laptop));

      expect((await her.client.auth.signOut({ scope: 'local' })).error).toBeNull();
      const draft = await insert({ published: false });
      await until(() => staying.heard().some((m) => about(m, draft.id)), 'the draft on her other session');
      await until(() => ended(ending), 'the signed-out channel to end', 15_000);
      expect(ending.heard().some((m) => about(m, draft.id))).toBe(false);
      expectEndedForTheSession(ending);
      expect(ended(staying)).toBe(false);
      ending.ws.close();
      staying.ws.close();
    });

    it('with no change to deliver, the 5 s check still ends the channel; the old token cannot join again', async () => {
      const her = await backend.createAdmin('idle');
      const token = await tokenOf(her.client);
      const channel = await rawChannel(backend.url, backend.anonKey, [{ event: '*' }], token);
      expect((await her.client.auth.signOut({ scope: 'local' })).error).toBeNull();
      await until(() => ended(channel), 'the check to end the channel', 15_000);
      expectEndedForTheSession(channel);
      expect(await channel.rejoin()).toEqual({
        status: 'error',
        response: { reason: 'InvalidJWTToken: Session from session_id claim in JWT does not exist' },
      });
      channel.ws.close();
    });
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
