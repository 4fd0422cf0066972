/**
 * Her fediverse accounts as the other servers' people use them (issue 45),
 * on PGlite and PostgreSQL, against a Fedify server on 127.0.0.1: a reply's
 * author edits it (Update) and the post page shows the edit, then deletes it
 * (Delete) and the page no longer shows it; likes and boosts, and their Undo,
 * change the counts her admin reads; a blocked server's Follow and reply
 * change nothing; a post imported from an archive is never announced; the
 * permalink answers the JSON-LD form of the ActivityPub Accept header.
 */
import { Announce, Create, Delete, Follow, Like, Note, Tombstone, Undo, Update, type Activity, type Recipient } from '@fedify/vocab';
import { JSDOM } from 'jsdom';
import { startPeer, type Peer } from '../../server/fediverse/testing/peer.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

const peer: { current?: Peer } = {};
beforeAll(async () => {
  peer.current = await startPeer();
});
afterAll(async () => {
  await peer.current?.close();
});

describe.each(targets)('what other servers do with her accounts on $name', (target) => {
  const backend = useBackend(target, { site: true, fediverse: { allow: ['127.0.0.1'], idleMs: 50 } });
  let admin: TestUser;
  const actor = (language: string) => `${backend.url}/ap/users/${language}`;
  const her = (language: string): Recipient => ({ id: new URL(actor(language)), inboxId: new URL(`${actor(language)}/inbox`) });
  const at = (path: string) => new URL(`${peer.current!.origin}/${path}-${target.name}`);
  const bob = () => peer.current!.actorUri('bob');

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  async function fromBob(activity: Activity): Promise<void> {
    await peer.current!.send('bob', her('pt'), activity);
    await backend.drainFediverse();
  }

  async function newPost(title: string, extra: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
    const saved = await admin.client.from('blog_posts').insert({ title, content: 'Texto.', language: 'pt', published: true, ...extra }).select('id, slug').single();
    expect(saved.error).toBeNull();
    return saved.data!;
  }

  /** The approved replies' texts on the post page, as a reader without JavaScript gets it. */
  async function repliesOnPage(slug: string): Promise<string[]> {
    const doc = new JSDOM(await (await fetch(`${backend.url}/pt/${slug}`)).text()).window.document;
    return [...doc.querySelectorAll('section[aria-labelledby="fediverse-replies"] article')].map((a) => a.querySelector('div > div')?.textContent ?? '');
  }

  it('a reply its author edits shows the edit on the post page, and one its author deletes is gone from it', async () => {
    const { id, slug } = await newPost('Resposta editada');
    const note = (content: string) => new Note({ id: at('notes/edited'), attribution: bob(), content, replyTarget: new URL(`${backend.url}/ap/posts/${id}`) });
    await fromBob(new Create({ id: at('create/edited'), actor: bob(), object: note('<p>Primeira versão</p>') }));
    await backend.sql(`update public.fediverse_replies set state = 'approved', moderated_at = now() where post_id = $1`, [id]);
    await backend.drainFediverse();
    expect(await repliesOnPage(slug)).toEqual(['Primeira versão']);

    await fromBob(new Update({ id: at('update/edited'), actor: bob(), object: note('<p>Versão corrigida</p>') }));
    expect(await repliesOnPage(slug)).toEqual(['Versão corrigida']);

    await fromBob(new Delete({ id: at('delete/edited'), actor: bob(), object: new Tombstone({ id: at('notes/edited') }) }));
    expect(await repliesOnPage(slug)).toEqual([]);
    expect(await backend.sql(`select 1 from public.fediverse_replies where post_id = $1`, [id])).toEqual([]);
  });

  it('likes and boosts, and their Undo, change the counts her admin reads', async () => {
    const { id } = await newPost('Curtido');
    const counts = async () => {
      const r = await admin.client.rpc('fediverse_reaction_counts');
      expect(r.error).toBeNull();
      const row = (r.data as { post_id: string; likes: number; boosts: number }[]).find((c) => c.post_id === id);
      return { likes: Number(row?.likes ?? 0), boosts: Number(row?.boosts ?? 0) };
    };
    const object = new URL(`${backend.url}/ap/posts/${id}`);
    const like = new Like({ id: at('likes/1'), actor: bob(), object });
    const boost = new Announce({ id: at('boosts/1'), actor: bob(), object, to: new URL('https://www.w3.org/ns/activitystreams#Public') });
    await fromBob(like);
    await fromBob(boost);
    expect(await counts()).toEqual({ likes: 1, boosts: 1 });
    await fromBob(new Undo({ id: at('undo/like-1'), actor: bob(), object: like }));
    expect(await counts()).toEqual({ likes: 0, boosts: 1 });
    await fromBob(new Undo({ id: at('undo/boost-1'), actor: bob(), object: boost }));
    expect(await counts()).toEqual({ likes: 0, boosts: 0 });
  });

  it('a blocked server\'s Follow and reply change nothing', async () => {
    const { id } = await newPost('Servidor bloqueado');
    await backend.sql(`insert into public.fediverse_blocks (kind, value) values ('server', '127.0.0.1')`);
    try {
      await fromBob(new Follow({ id: at('follows/blocked'), actor: bob(), object: new URL(actor('pt')) }));
      const note = new Note({ id: at('notes/blocked'), attribution: bob(), content: '<p>Bloqueado</p>', replyTarget: new URL(`${backend.url}/ap/posts/${id}`) });
      await fromBob(new Create({ id: at('create/blocked'), actor: bob(), object: note }));
      expect(await backend.sql(`select 1 from public.fediverse_followers`)).toEqual([]);
      expect(await backend.sql(`select 1 from public.fediverse_replies where post_id = $1`, [id])).toEqual([]);
      expect(await backend.sql(`select 1 from private.fediverse_outbox where type = 'Accept'`)).toEqual([]);
    } finally {
      await backend.sql(`delete from public.fediverse_blocks`);
    }
  });

  it('never announces a post imported from an archive, while her own goes out', async () => {
    await fromBob(new Follow({ id: at('follows/imports'), actor: bob(), object: new URL(actor('pt')) }));
    await backend.drainFediverse();
    expect(await backend.sql(`select 1 from public.fediverse_followers`)).toHaveLength(1);
    const [imported] = await backend.sql<{ id: string }>(
      `insert into public.blog_posts (title, content, language, published, date, origin_source, origin_id, origin_url)
       values ('Do Substack', 'Antigo.', 'pt', true, now() - interval '1 day', 'substack', 'old-1', 'https://helena.substack.com/p/old-1') returning id`);
    const own = await newPost('Nova de verdade');
    await backend.drainFediverse();
    await backend.drainFediverse();
    const creates = peer.current!.received.filter((r) => r.json.type === 'Create').map((r) => JSON.stringify(r.json.object));
    expect(creates.some((o) => o.includes(own.id))).toBe(true);
    expect(creates.some((o) => o.includes(imported!.id))).toBe(false);
    expect(await backend.sql(`select 1 from private.fediverse_outbox where post_id = $1`, [imported!.id])).toEqual([]);
    await backend.sql(`delete from public.fediverse_followers`);
  });

  it('answers the permalink\'s JSON-LD form of the ActivityPub Accept header with the Article', async () => {
    const { id, slug } = await newPost('Pedido em JSON-LD');
    const response = await fetch(`${backend.url}/pt/${slug}`, { headers: { Accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/activity\+json/);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    expect(await response.json()).toMatchObject({ type: 'Article', id: `${backend.url}/ap/posts/${id}`, name: 'Pedido em JSON-LD' });
  });
});
