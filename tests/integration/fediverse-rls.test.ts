/**
 * Her fediverse data is hers alone (issue 45), through the real supabase-js on
 * PGlite and PostgreSQL (migrated as a hosted project's non-superuser
 * postgres): followers, replies awaiting moderation, reactions and blocks are
 * read by the admin only; visitors read the accounts' handles and approved
 * replies to public posts; the private keys and the queue are out of every
 * API role's reach, hers included.
 */
import { followerSearch } from '../../src/features/fediverse-admin/lib/follower-search.ts';
import { targets, useBackend, type Client, type TestUser } from './harness.ts';

describe.each(targets)('fediverse rows on $name', (target) => {
  const backend = useBackend(target);
  let admin: TestUser;
  let reader: TestUser;
  let postId: string;

  beforeAll(async () => {
    admin = await backend.createAdmin();
    reader = await backend.createUser('reader');
    const [post] = await backend.sql<{ id: string }>(
      `insert into public.blog_posts (title, content, language, published, date) values ('Público', 'texto', 'pt', true, now() - interval '1 hour') returning id`,
    );
    postId = post!.id;
    await backend.sql(
      `insert into public.fediverse_followers (language, actor_id, handle, inbox, server) values ('pt', 'https://social.example/users/ana', '@ana@social.example', 'https://social.example/users/ana/inbox', 'social.example')`,
    );
    await backend.sql(
      `insert into public.fediverse_replies (post_id, object_id, actor_id, content, published, state) values
        ($1, 'https://social.example/notes/1', 'https://social.example/users/ana', '<p>aprovada</p>', now(), 'approved'),
        ($1, 'https://social.example/notes/2', 'https://social.example/users/ana', '<p>pendente</p>', now(), 'pending')`,
      [postId],
    );
    await backend.sql(
      `insert into public.fediverse_reactions (post_id, kind, actor_id, activity_id) values ($1, 'like', 'https://social.example/users/ana', 'https://social.example/likes/1')`,
      [postId],
    );
    await backend.sql(`insert into private.fediverse_keys (language, public_key, private_key) values ('pt', '{"kty":"RSA"}', '{"kty":"RSA","d":"secret"}') on conflict do nothing`);
  });

  const strangers = (): [string, Client][] => [
    ['a visitor', backend.anon()],
    ['a signed-in reader', reader.client],
  ];

  it('lets no one but the admin read followers, reactions, blocks or pending replies', async () => {
    for (const [who, client] of strangers()) {
      expect((await client.from('fediverse_followers').select('actor_id')).data ?? [], who).toEqual([]);
      expect((await client.from('fediverse_reactions').select('actor_id')).data ?? [], who).toEqual([]);
      expect((await client.from('fediverse_blocks').select('value')).data ?? [], who).toEqual([]);
      const replies = await client.from('fediverse_replies').select('content, state');
      expect(replies.data, who).toEqual([{ content: '<p>aprovada</p>', state: 'approved' }]);
      expect((await client.rpc('fediverse_remove_follower', { follower: '00000000-0000-4000-8000-000000000000' })).error, who).not.toBeNull();
    }
    // Where a replier's picture lives on their server is not a visitor's to read (the site shows its own copy).
    expect((await backend.anon().from('fediverse_replies').select('avatar_source')).error?.code).toBe('42501');
    expect((await admin.client.from('fediverse_followers').select('handle')).data).toEqual([{ handle: '@ana@social.example' }]);
    expect((await admin.client.from('fediverse_replies').select('state').order('state')).data).toEqual([{ state: 'approved' }, { state: 'pending' }]);
    expect((await admin.client.rpc('fediverse_reaction_counts')).data).toEqual([{ post_id: postId, likes: 1, boosts: 0 }]);
  });

  it('shows everyone the handles and lets only the admin change them or moderate', async () => {
    const handles = await backend.anon().from('fediverse_accounts').select('language, handle').order('language');
    expect(handles.data).toEqual([{ language: 'en', handle: 'en' }, { language: 'pt', handle: 'pt' }]);
    for (const [who, client] of strangers()) {
      const changed = await client.from('fediverse_accounts').update({ handle: 'outro' }).eq('language', 'pt').select('handle');
      expect(changed.data ?? [], who).toEqual([]);
      const approved = await client.from('fediverse_replies').update({ state: 'approved' }).eq('state', 'pending').select('id');
      expect(approved.data ?? [], who).toEqual([]);
      expect((await client.from('fediverse_blocks').insert({ kind: 'server', value: 'social.example' })).error, who).not.toBeNull();
    }
    expect((await backend.sql(`select handle from public.fediverse_accounts where language = 'pt'`))[0]).toEqual({ handle: 'pt' });
    const renamed = await admin.client.from('fediverse_accounts').update({ handle: 'helena' }).eq('language', 'pt').select('handle');
    expect(renamed.data).toEqual([{ handle: 'helena' }]);
    const bad = await admin.client.from('fediverse_accounts').update({ handle: 'Não vale' }).eq('language', 'pt');
    expect(bad.error?.code).toBe('23514');
    await admin.client.from('fediverse_accounts').update({ handle: 'pt' }).eq('language', 'pt');
  });

  it('keeps the private keys and the delivery queue out of every API role, hers included', async () => {
    for (const client of [backend.anon(), reader.client, admin.client]) {
      const keys = await client.schema('private' as never).from('fediverse_keys').select('private_key');
      expect(keys.data ?? []).toEqual([]);
      expect(keys.error).not.toBeNull();
    }
    const privileges = await backend.sql<{ grantee: string }>(
      `select grantee from information_schema.role_table_grants
        where table_schema = 'private' and table_name in ('fediverse_keys', 'fediverse_deliveries', 'fediverse_outbox', 'fediverse_kv')
          and grantee in ('anon', 'authenticated', 'service_role')`,
    );
    expect(privileges).toEqual([]);
  });

  it('forgets the followers and pending replies of a server she blocks', async () => {
    await backend.sql(
      `insert into public.fediverse_followers (language, actor_id, inbox, server) values ('en', 'https://spam.example/users/x', 'https://spam.example/inbox', 'spam.example')`,
    );
    await backend.sql(
      `insert into public.fediverse_replies (post_id, object_id, actor_id, content, published) values ($1, 'https://spam.example/n/1', 'https://spam.example/users/x', 'spam', now())`,
      [postId],
    );
    expect((await admin.client.from('fediverse_blocks').insert({ kind: 'server', value: 'spam.example' })).error).toBeNull();
    expect(await backend.sql(`select 1 from public.fediverse_followers where server = 'spam.example'`)).toEqual([]);
    expect(await backend.sql(`select 1 from public.fediverse_replies where actor_id like 'https://spam.example/%'`)).toEqual([]);
  });

  it("her search of an account's followers looks in the handle, name and address, and what she types means itself", async () => {
    await backend.sql(
      `insert into public.fediverse_followers (language, actor_id, handle, name, inbox, server, followed_at) values
        ('pt', 'https://antigo.example/users/maria', '@maria@antigo.example', 'Maria (100% leitora)', 'https://antigo.example/inbox', 'antigo.example', now() - interval '3 years'),
        ('pt', 'https://other.example/users/x1', null, 'Leitora 100 por cento, sempre', 'https://other.example/inbox', 'other.example', now()),
        ('en', 'https://antigo.example/users/joe', '@joe@antigo.example', 'Joe', 'https://antigo.example/inbox', 'antigo.example', now())`,
    );
    const found = async (words: string) =>
      ((await admin.client.from('fediverse_followers').select('actor_id').eq('language', 'pt').or(followerSearch(words)).order('actor_id')).data ?? [])
        .map((f) => f.actor_id);
    expect(await found('ANTIGO')).toEqual(['https://antigo.example/users/maria']);
    expect(await found('maria')).toEqual(['https://antigo.example/users/maria']);
    expect(await found('other.example/users')).toEqual(['https://other.example/users/x1']);
    // % and _ are not wildcards, and a comma, a parenthesis or a quote does not break the filter.
    expect(await found('100%')).toEqual(['https://antigo.example/users/maria']);
    expect(await found('100 por cento, sempre')).toEqual(['https://other.example/users/x1']);
    expect(await found('(100%')).toEqual(['https://antigo.example/users/maria']);
    expect(await found('a_t')).toEqual([]);
    expect(await found('"')).toEqual([]);
    expect(await found('\\')).toEqual([]);
    // A visitor's search reads nothing.
    expect((await backend.anon().from('fediverse_followers').select('actor_id').or(followerSearch('antigo'))).data ?? []).toEqual([]);
  });
});
