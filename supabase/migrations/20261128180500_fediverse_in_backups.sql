-- migration: her fediverse accounts in the backups (issue 45, decision 310)
-- purpose: a backup carries fediverse.json: the accounts (handle,
--          also_known_as), their key pairs, the followers, the blocks, every
--          reply with its moderation state (pending ones stay pending,
--          rejected ones stay rejected), the likes and boosts, and which
--          posts the fediverse was already told about (private.fediverse_posts).
--          the keys are why a restored site keeps its followers (their
--          servers verify its signatures with the key they fetched once), and
--          why a backup is a secret. the told posts are why a restore does not
--          announce every old post again: a restore (the import runs this
--          function before the posts and again after them) marks them told
--          before they exist, so private.fediverse_enqueue_due() sees nothing
--          new.
--          the export reads the private key: service_role only (the
--          server's scheduled backups, `npm run export` with the service
--          key); no api role, hers included, can call it, as no api role can
--          read private.fediverse_keys. the restore writes: the service key,
--          or the admin with her second factor (the key is then in the zip
--          she holds anyway).
-- affects: functions public.fediverse_backup(), public.fediverse_restore(jsonb)

create or replace function public.fediverse_backup()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only the server''s backup may read the fediverse keys.' using errcode = 'insufficient_privilege';
  end if;
  return jsonb_build_object(
    'accounts', coalesce((select jsonb_agg(jsonb_build_object('language', a.language, 'handle', a.handle, 'also_known_as', a.also_known_as) order by a.language)
                            from public.fediverse_accounts a), '[]'::jsonb),
    'keys', coalesce((select jsonb_agg(jsonb_build_object('language', k.language, 'public_key', k.public_key, 'private_key', k.private_key, 'created_at', k.created_at) order by k.language)
                        from private.fediverse_keys k), '[]'::jsonb),
    'followers', coalesce((select jsonb_agg(to_jsonb(f) order by f.followed_at, f.id) from public.fediverse_followers f), '[]'::jsonb),
    'blocks', coalesce((select jsonb_agg(to_jsonb(b) order by b.created_at, b.id) from public.fediverse_blocks b), '[]'::jsonb),
    'replies', coalesce((select jsonb_agg(to_jsonb(r) order by r.received_at, r.id) from public.fediverse_replies r), '[]'::jsonb),
    'reactions', coalesce((select jsonb_agg(jsonb_build_object('post_id', x.post_id, 'kind', x.kind, 'actor_id', x.actor_id, 'activity_id', x.activity_id, 'created_at', x.created_at) order by x.id)
                             from public.fediverse_reactions x), '[]'::jsonb),
    'posts', coalesce((select jsonb_agg(jsonb_build_object('post_id', p.post_id, 'language', p.language, 'announced_version', p.announced_version, 'deleted_at', p.deleted_at, 'created_at', p.created_at) order by p.post_id)
                         from private.fediverse_posts p), '[]'::jsonb));
end;
$$;

comment on function public.fediverse_backup() is 'The fediverse part of a backup (fediverse.json), private keys included: the service role only.';

create or replace function public.fediverse_restore(backup jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  x jsonb;
  followers integer := 0;
  replies integer := 0;
  n integer;
begin
  if not (coalesce(auth.role(), '') = 'service_role' or ((select public.is_admin()) and (select public.has_required_aal()))) then
    raise exception 'Only the admin may restore her fediverse accounts.' using errcode = 'insufficient_privilege';
  end if;
  if jsonb_typeof(backup) is distinct from 'object' then
    raise exception 'fediverse_restore expects a json object.' using errcode = 'invalid_parameter_value';
  end if;

  -- the accounts' names (a name the other account holds here is left: handles are unique).
  for x in select value from jsonb_array_elements(coalesce(backup -> 'accounts', '[]'::jsonb)) loop
    update public.fediverse_accounts a
       set handle = x ->> 'handle', also_known_as = x ->> 'also_known_as'
     where a.language = x ->> 'language'
       and (a.handle is distinct from x ->> 'handle' or a.also_known_as is distinct from x ->> 'also_known_as')
       and not exists (select 1 from public.fediverse_accounts o where o.handle = x ->> 'handle' and o.language <> a.language);
  end loop;

  -- the key pairs: the backup's replace the ones this install generated.
  for x in select value from jsonb_array_elements(coalesce(backup -> 'keys', '[]'::jsonb)) loop
    if x ->> 'language' in ('pt', 'en') and jsonb_typeof(x -> 'public_key') = 'object' and jsonb_typeof(x -> 'private_key') = 'object' then
      insert into private.fediverse_keys as k (language, public_key, private_key, created_at)
      values (x ->> 'language', x -> 'public_key', x -> 'private_key', coalesce((x ->> 'created_at')::timestamptz, now()))
      on conflict (language) do update set public_key = excluded.public_key, private_key = excluded.private_key, created_at = excluded.created_at
        where k.public_key is distinct from excluded.public_key or k.private_key is distinct from excluded.private_key;
    end if;
  end loop;

  -- the posts already told: before the posts exist (no foreign key), so the worker never announces them anew.
  insert into private.fediverse_posts as p (post_id, language, announced_version, deleted_at, created_at)
  select r.post_id, r.language, r.announced_version, r.deleted_at, coalesce(r.created_at, now())
    from jsonb_to_recordset(coalesce(backup -> 'posts', '[]'::jsonb))
         as r(post_id uuid, language text, announced_version timestamptz, deleted_at timestamptz, created_at timestamptz)
   where r.post_id is not null and r.language is not null
  on conflict (post_id) do update set announced_version = excluded.announced_version
    where p.announced_version is null or p.announced_version < excluded.announced_version;

  -- blocks before followers: the block's trigger forgets the followers it covers.
  insert into public.fediverse_blocks (id, kind, value, created_at)
  select r.id, r.kind, r.value, coalesce(r.created_at, now())
    from jsonb_populate_recordset(null::public.fediverse_blocks, coalesce(backup -> 'blocks', '[]'::jsonb)) r
  on conflict do nothing;

  insert into public.fediverse_followers (id, language, actor_id, handle, name, inbox, shared_inbox, server, followed_at)
  select r.id, r.language, r.actor_id, r.handle, r.name, r.inbox, r.shared_inbox, r.server, coalesce(r.followed_at, now())
    from jsonb_populate_recordset(null::public.fediverse_followers, coalesce(backup -> 'followers', '[]'::jsonb)) r
   where not exists (select 1 from public.fediverse_blocks b
                      where (b.kind = 'server' and b.value = r.server) or (b.kind = 'actor' and b.value = r.actor_id))
  on conflict do nothing;
  get diagnostics followers = row_count;

  -- replies of posts the site has (the import's second call, after the posts), with their moderation state.
  insert into public.fediverse_replies (id, post_id, object_id, url, actor_id, author_name, author_handle, author_url, avatar_url,
                                        content, published, state, received_at, moderated_at)
  select r.id, r.post_id, r.object_id, r.url, r.actor_id, r.author_name, r.author_handle, r.author_url, r.avatar_url,
         r.content, r.published, coalesce(r.state, 'pending'), coalesce(r.received_at, now()), r.moderated_at
    from jsonb_populate_recordset(null::public.fediverse_replies, coalesce(backup -> 'replies', '[]'::jsonb)) r
   where exists (select 1 from public.blog_posts p where p.id = r.post_id)
  on conflict do nothing;
  get diagnostics replies = row_count;

  insert into public.fediverse_reactions (post_id, kind, actor_id, activity_id, created_at)
  select r.post_id, r.kind, r.actor_id, r.activity_id, coalesce(r.created_at, now())
    from jsonb_to_recordset(coalesce(backup -> 'reactions', '[]'::jsonb))
         as r(post_id uuid, kind text, actor_id text, activity_id text, created_at timestamptz)
   where exists (select 1 from public.blog_posts p where p.id = r.post_id)
  on conflict do nothing;
  get diagnostics n = row_count;

  return jsonb_build_object('followers', followers, 'replies', replies, 'reactions', n);
end;
$$;

comment on function public.fediverse_restore(jsonb) is 'Restores a backup''s fediverse.json repeatably: accounts'' names, key pairs, posts already told (so none is announced again), blocks, followers, replies with their moderation state, reactions; rows already there are left. The admin (aal as required) or the service key only.';

revoke all on function public.fediverse_backup() from public, anon, authenticated;
grant execute on function public.fediverse_backup() to service_role;
revoke all on function public.fediverse_restore(jsonb) from public, anon;
grant execute on function public.fediverse_restore(jsonb) to authenticated, service_role;
