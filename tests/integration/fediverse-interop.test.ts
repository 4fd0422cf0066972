/**
 * What the fediverse's audit found (issue 45, decision 310), on PGlite and
 * PostgreSQL, against a Fedify server on 127.0.0.1: removing a follower sends
 * a Reject of the Follow itself (what Mastodon acts on); an inbox's 404/410
 * removes followers only as decided (a personal inbox's 410 at once, a
 * shared inbox or a 404 only when the last attempt still says so).
 */
import { Follow, type Recipient } from '@fedify/vocab';
import { MAX_ATTEMPTS } from '../../server/fediverse/delivery.ts';
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

const peer: { current?: Peer } = {};
beforeAll(async () => {
  peer.current = await startPeer();
});
afterAll(async () => {
  await peer.current?.close();
});

describe.each(targets)('her fediverse accounts with other servers on $name', (target) => {
  const backend = useBackend(target, { site: true, fediverse: { allow: ['127.0.0.1'], idleMs: 50 } });
  let admin: TestUser;
  const actor = (language: string) => `${backend.url}/ap/users/${language}`;
  const her = (language: string): Recipient => ({ id: new URL(actor(language)), inboxId: new URL(`${actor(language)}/inbox`) });
  const receivedOf = (type: string) => peer.current!.received.filter((r) => r.json.type === type);

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  afterEach(async () => {
    peer.current!.answer = undefined;
    for (const table of ['public.fediverse_followers', 'private.fediverse_outbox', 'public.fediverse_blocks']) await backend.sql(`delete from ${table}`);
  });

  async function follow(name: string, key: string): Promise<Follow> {
    const activity = new Follow({ id: new URL(`${peer.current!.origin}/follows/${key}-${target.name}`), actor: peer.current!.actorUri(name), object: new URL(actor('pt')) });
    await peer.current!.send(name, her('pt'), activity);
    await backend.drainFediverse();
    await backend.drainFediverse();
    return activity;
  }

  it('removing a follower sends a Reject whose object is the Follow they sent, which the other server verifies', async () => {
    const sent = await follow('bob', 'to-remove');
    const [row] = (await admin.client.from('fediverse_followers').select('id')).data!;
    const removed = await admin.client.rpc('fediverse_remove_follower', { follower: row!.id });
    expect(removed.data).toBe(true);
    await backend.drainFediverse();
    // The peer keeps only what verifies against her key.
    const rejects = receivedOf('Reject').filter((r) => JSON.stringify(r.json).includes(sent.id!.href));
    expect(rejects).toHaveLength(1);
    expect(rejects[0]!.json.actor).toBe(actor('pt'));
    expect(rejects[0]!.json.object).toMatchObject({ type: 'Follow', id: sent.id!.href, actor: peer.current!.actorUri('bob').href, object: actor('pt') });
  });

  const followers = async () => (await backend.sql<{ actor_id: string }>(`select actor_id from public.fediverse_followers order by actor_id`)).map((r) => r.actor_id);
  const deliveryOf = async (postId: string) => (await backend.sql<{ state: string; attempts: number; last_status: number }>(
    `select d.state, d.attempts, d.last_status from private.fediverse_deliveries d join private.fediverse_outbox o on o.id = d.activity_id where o.post_id = $1`, [postId]))[0];

  it('a shared inbox answering 404 or 410 is tried again and its followers kept; only the last attempt still gone removes them', async () => {
    await follow('bob', 'shared-gone-b');
    await follow('carol', 'shared-gone-c');
    const both = [peer.current!.actorUri('bob').href, peer.current!.actorUri('carol').href];
    expect(await followers()).toEqual(both);
    peer.current!.answer = 404;
    const saved = await admin.client.from('blog_posts').insert({ title: 'Servidor sumido', content: 'Texto.', language: 'pt', published: true }).select('id').single();
    const id = saved.data!.id;
    await backend.drainFediverse();
    expect(await deliveryOf(id)).toEqual({ state: 'queued', attempts: 1, last_status: 404 });
    expect(await followers()).toEqual(both);

    // A 410 from the shared inbox (a whole server) before the last attempt: still tried again.
    peer.current!.answer = 410;
    await backend.sql(`update private.fediverse_deliveries set next_attempt_at = now() where state = 'queued'`);
    await backend.drainFediverse();
    expect(await deliveryOf(id)).toEqual({ state: 'queued', attempts: 2, last_status: 410 });
    expect(await followers()).toEqual(both);

    // The last attempt, days later, still 410: the server is gone, and its followers with it.
    await backend.sql(`update private.fediverse_deliveries set attempts = $1, next_attempt_at = now() where state = 'queued'`, [MAX_ATTEMPTS - 1]);
    await backend.drainFediverse();
    expect(await deliveryOf(id)).toEqual({ state: 'failed', attempts: MAX_ATTEMPTS, last_status: 410 });
    expect(await followers()).toEqual([]);
  });

  it('a personal inbox answering 410 removes that follower at once', async () => {
    await follow('carol', 'kept');
    // Bob's account is gone: his own inbox answers the Accept with 410.
    peer.current!.answer = 410;
    await follow('bob', 'personal-gone');
    expect(await followers()).toEqual([peer.current!.actorUri('carol').href]);
  });

  it('her earlier account typed as @user@host is, in her actor document, that account\'s actor id (what Mastodon\'s Move checks)', async () => {
    const aliasOf = async (language: string) => {
      const raw = (await (await fetch(actor(language), { headers: { Accept: 'application/activity+json' } })).json()) as { alsoKnownAs?: string | string[] };
      return [raw.alsoKnownAs ?? []].flat();
    };
    try {
      await backend.sql(`update public.fediverse_accounts set also_known_as = $1 where language = 'pt'`, [`@bob@${peer.current!.host}`]);
      expect(await aliasOf('pt')).toEqual([peer.current!.actorUri('bob').href]);
      // One that resolves to nothing (no such person there) leaves nothing rather than a handle.
      await backend.sql(`update public.fediverse_accounts set also_known_as = $1 where language = 'en'`, [`@nobody@${peer.current!.host}`]);
      expect(await aliasOf('en')).toEqual([]);
    } finally {
      await backend.sql(`update public.fediverse_accounts set also_known_as = null`);
    }
  });
});
