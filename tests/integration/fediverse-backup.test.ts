/**
 * Her fediverse accounts kept with her site (issue 45, decision 310): a backup
 * taken with the service key (the server's own backups, `npm run export`)
 * carries the accounts' names, their key pairs, the followers, the blocks, the
 * replies with their moderation state and the posts already announced; a
 * restore onto another install brings them back, the actor shows the same
 * public key (its followers' servers keep verifying her signatures), no old
 * post is announced again, and a second restore changes nothing. No API role
 * but the service key can read the keys.
 */
import { sizeImageWithSharp } from '../../server/archive/size-image.ts';
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';
import { importArchive } from '../../src/features/archive/api/import-archive.ts';
import { readArchive } from '../../src/features/archive/lib/read-archive.ts';
import { targets, useBackend, type Backend, type Client } from './harness.ts';

const AP = 'application/activity+json';
const restoreOptions = { language: 'pt' as const, categoryMap: {}, sizeImage: sizeImageWithSharp };

/** As the server's backups and `npm run export` make it: with the fediverse, which only the service key may read. */
async function backupOf(client: Client): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await exportArchive(client, (chunk) => void chunks.push(chunk), { fediverse: true });
  return new Uint8Array(Buffer.concat(chunks));
}

const publicKeyOf = async (b: Backend, language = 'pt') =>
  ((await (await fetch(`${b.url}/ap/users/${language}`, { headers: { Accept: AP } })).json()) as { publicKey: { publicKeyPem: string } }).publicKey.publicKeyPem;

/** Everything the restore writes, as rows: equal before and after a second run means it changed nothing. */
const stateOf = async (b: Backend) => ({
  accounts: await b.sql(`select language, handle, also_known_as from public.fediverse_accounts order by language`),
  keys: await b.sql(`select language, public_key, private_key from private.fediverse_keys order by language`),
  followers: await b.sql(`select id, language, actor_id, handle, inbox, shared_inbox, server, followed_at, follow_id from public.fediverse_followers order by actor_id`),
  blocks: await b.sql(`select kind, value from public.fediverse_blocks order by kind, value`),
  replies: await b.sql(`select id, post_id, object_id, content, state, published, moderated_at from public.fediverse_replies order by object_id`),
  told: await b.sql(`select post_id, announced_version, deleted_at from private.fediverse_posts order by post_id`),
  outbox: await b.sql(`select type, post_id from private.fediverse_outbox where type in ('Create', 'Update', 'Delete') order by created_at`),
});

describe.each(targets)('the fediverse in the backup on $name', (target) => {
  const origin = useBackend(target);
  const fresh = useBackend(target);
  const third = useBackend(target);
  let postId: string;

  beforeAll(async () => {
    await origin.sql(`update public.fediverse_accounts set handle = 'helena', also_known_as = 'https://mastodon.example/@helena' where language = 'pt'`);
    const [post] = await origin.sql<{ id: string }>(
      `insert into public.blog_posts (title, content, excerpt, language, published, date) values ('Crise em três atos', 'Texto.', 'Resumo.', 'pt', true, now() - interval '1 hour') returning id`);
    postId = post!.id;
    // announced (Create written) before anyone follows: no delivery goes anywhere.
    await origin.drainFediverse();
    await origin.sql(`insert into public.fediverse_followers (language, actor_id, handle, name, inbox, shared_inbox, server, follow_id) values
      ('pt', 'https://social.example/users/ana', '@ana@social.example', 'Ana', 'https://social.example/users/ana/inbox', 'https://social.example/inbox', 'social.example', 'https://social.example/follows/1'),
      ('pt', 'https://outra.example/users/bia', '@bia@outra.example', 'Bia', 'https://outra.example/users/bia/inbox', null, 'outra.example', null)`);
    await origin.sql(`insert into public.fediverse_blocks (kind, value) values ('server', 'spam.example')`);
    await origin.sql(`insert into public.fediverse_replies (post_id, object_id, actor_id, author_name, content, published, state, moderated_at, avatar_source, avatar_url) values
      ($1, 'https://social.example/notes/1', 'https://social.example/users/ana', 'Ana', '<p>aprovada</p>', '2026-11-01T10:00:00Z', 'approved', '2026-11-01T11:00:00Z',
       'https://social.example/avatars/ana.png', '/ap/avatars/${'a'.repeat(64)}.webp'),
      ($1, 'https://social.example/notes/2', 'https://social.example/users/ana', 'Ana', '<p>pendente</p>', '2026-11-01T12:00:00Z', 'pending', null, null, null),
      ($1, 'https://outra.example/notes/3', 'https://outra.example/users/bia', 'Bia', '<p>recusada</p>', '2026-11-01T13:00:00Z', 'rejected', '2026-11-01T14:00:00Z', null, null)`, [postId]);
  });

  it('come back on restore: the same public key, the followers, the replies as moderated, no post announced again; a second restore changes nothing', async () => {
    const key = await publicKeyOf(origin);
    // the other install made its own key when first asked.
    expect(await publicKeyOf(fresh)).not.toBe(key);

    const plan = readArchive(await backupOf(origin.service), 'backup.zip');
    expect(plan.backupFediverse?.followers).toHaveLength(2);

    const first = await importArchive(fresh.service, plan, restoreOptions);
    expect(first.fediverseRestored).toEqual({ followers: 2, replies: 3 });
    // the running server reads the restored pair (it checks its copy at most once a second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await publicKeyOf(fresh)).toBe(key);
    const expected = await stateOf(origin);
    const restored = await stateOf(fresh);
    expect(restored.accounts).toEqual(expected.accounts);
    expect(restored.keys).toEqual(expected.keys);
    expect(restored.followers).toEqual(expected.followers);
    expect(restored.blocks).toEqual(expected.blocks);
    expect(restored.replies).toEqual(expected.replies);
    expect(restored.told).toEqual(expected.told);
    // A picture's copy is this install's to make again: its source comes, not the old copy's address.
    expect(await fresh.sql(`select avatar_source, avatar_url from public.fediverse_replies where object_id = 'https://social.example/notes/1'`))
      .toEqual([{ avatar_source: 'https://social.example/avatars/ana.png', avatar_url: null }]);

    // the worker looks: the restored post was told already, so no Create goes to the restored followers.
    await fresh.drainFediverse();
    expect((await stateOf(fresh)).outbox).toEqual([]);
    expect(await fresh.sql(`select inbox from private.fediverse_deliveries`)).toEqual([]);

    // the approved reply is on the post for visitors; the pending one waits for her.
    const visible = await fresh.anon().from('fediverse_replies').select('content').eq('post_id', postId);
    expect(visible.data).toEqual([{ content: '<p>aprovada</p>' }]);

    const before = await stateOf(fresh);
    const second = await importArchive(fresh.service, plan, restoreOptions);
    expect(second.fediverseRestored).toEqual({ followers: 0, replies: 0 });
    await fresh.drainFediverse();
    expect(await stateOf(fresh)).toEqual(before);
    expect(await publicKeyOf(fresh)).toBe(key);
  });

  it('a worker look in the middle of a restore, between the told posts and the posts, withdraws nothing and announces nothing', async () => {
    const plan = readArchive(await backupOf(origin.service), 'backup.zip');
    // The import's first call, then the worker's look before the posts arrive.
    expect((await third.service.rpc('fediverse_restore', { backup: plan.backupFediverse as never })).error).toBeNull();
    await third.drainFediverse();
    expect((await stateOf(third)).outbox).toEqual([]);
    expect(await third.sql(`select awaiting_post from private.fediverse_posts where post_id = $1`, [postId])).toEqual([{ awaiting_post: true }]);
    await importArchive(third.service, plan, restoreOptions);
    // The post came: its told row no longer waits, whether the worker has looked or not.
    expect(await third.sql(`select awaiting_post from private.fediverse_posts where post_id = $1`, [postId])).toEqual([{ awaiting_post: false }]);
    await third.drainFediverse();
    expect((await stateOf(third)).outbox).toEqual([]);
    // A post she deletes afterwards is withdrawn as ever.
    await third.sql(`delete from public.blog_posts where id = $1`, [postId]);
    await third.drainFediverse();
    expect((await stateOf(third)).outbox).toEqual([{ type: 'Delete', post_id: postId }]);
  });

  it('the keys leave through the service key only: her own export and any other role are refused', async () => {
    const admin = await origin.createAdmin('autora');
    const reader = await origin.createUser('leitora');
    for (const client of [origin.anon(), reader.client, admin.client]) {
      const { data, error } = await client.rpc('fediverse_backup');
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
    // Asked with her session (her browser does not even ask): everything else, no fediverse.json.
    const hers = readArchive(await backupOf(admin.client), 'hers.zip');
    expect(hers.backupFediverse).toBeUndefined();
    expect(hers.posts.map((p) => p.id)).toContain(postId);
    // writing is hers or the service key's: a reader cannot plant a key.
    const planted = await reader.client.rpc('fediverse_restore', { backup: { keys: [{ language: 'pt', public_key: { kty: 'RSA' }, private_key: { kty: 'RSA' } }] } });
    expect(planted.error?.code).toBe('42501');
    expect(await origin.sql(`select count(*)::int as n from private.fediverse_keys where public_key = '{"kty":"RSA"}'`)).toEqual([{ n: 0 }]);
  });
});
