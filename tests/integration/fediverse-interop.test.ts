/**
 * What the fediverse's audit found (issue 45, decision 310), on PGlite and
 * PostgreSQL, against a Fedify server on 127.0.0.1: removing a follower sends
 * a Reject of the Follow itself (what Mastodon acts on); an inbox's 404/410
 * removes followers only as decided (a personal inbox's 410 at once, a
 * shared inbox or a 404 only when the last attempt still says so).
 */
import { Follow, type Recipient } from '@fedify/vocab';
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
});
