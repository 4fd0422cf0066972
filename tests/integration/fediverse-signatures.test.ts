/**
 * Her deliveries are signed as each server reads them (issue 45: "draft-cavage,
 * and RFC 9421 where the remote accepts it"), on PGlite and PostgreSQL,
 * against two Fedify servers on 127.0.0.1 that verify what they take: one
 * reads RFC 9421, the other only draft-cavage (it refuses an RFC 9421
 * signature with 401, as Mastodon before 4.5 does). Each gets the post once,
 * verified; the second is asked in draft-cavage at once the next time.
 */
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { targets, useBackend } from './harness.ts';

const peers: { modern?: Peer; older?: Peer } = {};
beforeAll(async () => {
  peers.modern = await startPeer();
  peers.older = await startPeer({ draftCavageOnly: true });
});
afterAll(async () => {
  await peers.modern?.close();
  await peers.older?.close();
});

describe.each(targets)('her signatures on $name', (target) => {
  const backend = useBackend(target, { fediverse: { allow: ['127.0.0.1'], idleMs: 50 } });
  const createsOf = (peer: Peer, id: string) => peer.received.filter((r) => r.json.type === 'Create' && JSON.stringify(r.json.object).includes(id));

  beforeAll(async () => {
    for (const peer of [peers.modern!, peers.older!]) {
      await backend.sql(
        `insert into public.fediverse_followers (language, actor_id, handle, inbox, shared_inbox, server) values ('pt', $1, $2, $3, $4, '127.0.0.1')`,
        [peer.actorUri('bob').href, `@bob@${peer.host}`, `${peer.actorUri('bob').href}/inbox`, `${peer.origin}/inbox`],
      );
    }
  });

  const publish = async (title: string) => {
    const [post] = await backend.sql<{ id: string }>(
      `insert into public.blog_posts (title, content, language, published, date) values ($1, 'Texto.', 'pt', true, now() - interval '1 minute') returning id`, [title]);
    await backend.drainFediverse();
    return post!.id;
  };

  it('signs with RFC 9421 where it is read, and knocks again with draft-cavage where it is refused; both verify it, once', async () => {
    const modernBefore = peers.modern!.signatures.length;
    const olderBefore = peers.older!.signatures.length;
    const id = await publish(`Assinaturas ${target.name}`);
    expect(createsOf(peers.modern!, id)).toHaveLength(1);
    expect(createsOf(peers.older!, id)).toHaveLength(1);
    expect(peers.modern!.signatures.slice(modernBefore)).toEqual(['rfc9421']);
    expect(peers.older!.signatures.slice(olderBefore)).toEqual(['rfc9421', 'draft-cavage']);
    expect(await backend.sql(`select d.state from private.fediverse_deliveries d join private.fediverse_outbox o on o.id = d.activity_id where o.post_id = $1`, [id]))
      .toEqual([{ state: 'delivered' }, { state: 'delivered' }]);
  });

  it('asks the server that refused RFC 9421 in draft-cavage from then on, remembered in the database', async () => {
    const olderBefore = peers.older!.signatures.length;
    const id = await publish(`Lembrada ${target.name}`);
    expect(createsOf(peers.older!, id)).toHaveLength(1);
    expect(peers.older!.signatures.slice(olderBefore)).toEqual(['draft-cavage']);
    const remembered = await backend.sql<{ value: string }>(`select value from private.fediverse_kv where key like 'signatureSpec%' and key like $1`, [`%${peers.older!.origin}`]);
    expect(remembered).toEqual([{ value: 'draft-cavage-http-signatures-12' }]);
    expect(await backend.sql(`select 1 from private.fediverse_kv where key like 'signatureSpec%' and key like $1`, [`%${peers.modern!.origin}`])).toEqual([]);
  });
});
