-- migration: removing a follower sends a Reject that Mastodon acts on (issue 45's audit, decision 310)
-- purpose: the Reject sent when she removes a follower named the follower's
--          actor as its object; Mastodon (activitypub/activity/reject.rb)
--          only acts on a Reject of the Follow itself (its id, or the Follow
--          embedded), so her removed follower's server went on thinking it
--          followed her. the inbox now keeps the id of the Follow each
--          follower sent (follow_id); removing one queues the Reject with
--          that id (outbox.follow_id), and the server writes
--          Reject{object: Follow{id, actor: follower, object: her actor}}.
--          followers kept before have no id: their Reject embeds the Follow
--          without one. the backup carries follow_id (to_jsonb of the row);
--          the restore puts it back.
-- affects: columns public.fediverse_followers.follow_id and
--          private.fediverse_outbox.follow_id; functions
--          public.fediverse_remove_follower(uuid) and
--          public.fediverse_restore(jsonb) (replaced)

alter table public.fediverse_followers add column follow_id text;

comment on column public.fediverse_followers.follow_id is 'The id of the Follow activity this follower sent (null for followers kept before it was recorded): a Reject names it, as Mastodon requires.';

alter table private.fediverse_outbox add column follow_id text;

comment on column private.fediverse_outbox.follow_id is 'A Reject''s Follow: the id of the Follow it refuses, when the follower''s row had one.';

create or replace function public.fediverse_remove_follower(follower uuid)
returns boolean
language plpgsql
volatile
-- definer: her call must reach the private outbox; checked below.
security definer
set search_path = ''
as $$
declare
  gone public.fediverse_followers;
begin
  if not (public.is_admin() and public.has_required_aal()) then
    raise exception 'only the admin may remove followers' using errcode = '42501';
  end if;
  delete from public.fediverse_followers where id = follower returning * into gone;
  if gone.id is null then
    return false;
  end if;
  insert into private.fediverse_outbox (id, language, type, recipient_inbox, recipient_actor, follow_id)
  values ('urn:fediverse-reject:' || gen_random_uuid(), gone.language, 'Reject', gone.inbox, gone.actor_id, gone.follow_id);
  return true;
end;
$$;

-- as in 20261128190200, with each follower's follow_id restored.
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

  insert into public.fediverse_followers (id, language, actor_id, handle, name, inbox, shared_inbox, server, followed_at, follow_id)
  select r.id, r.language, r.actor_id, r.handle, r.name, r.inbox, r.shared_inbox, r.server, coalesce(r.followed_at, now()), r.follow_id
    from jsonb_populate_recordset(null::public.fediverse_followers, coalesce(backup -> 'followers', '[]'::jsonb)) r
   where not exists (select 1 from public.fediverse_blocks b
                      where (b.kind = 'server' and b.value = r.server) or (b.kind = 'actor' and b.value = r.actor_id))
  on conflict do nothing;
  get diagnostics followers = row_count;

  -- replies of posts the site has (the import's second call, after the posts), with their moderation state.
  -- the avatar is fetched again on this install (the worker keeps a copy): its source comes, not the copy's address.
  insert into public.fediverse_replies (id, post_id, object_id, url, actor_id, author_name, author_handle, author_url, avatar_url, avatar_source,
                                        content, published, state, received_at, moderated_at)
  select r.id, r.post_id, r.object_id, r.url, r.actor_id, r.author_name, r.author_handle, r.author_url, null,
         coalesce(r.avatar_source, case when r.avatar_url ~ '^https?://' then r.avatar_url end),
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

comment on function public.fediverse_restore(jsonb) is 'Restores a backup''s fediverse.json repeatably: accounts'' names, key pairs, posts already told (so none is announced again), blocks, followers, replies with their moderation state (their avatars fetched again), reactions; rows already there are left. The admin (aal as required) or the service key only.';
