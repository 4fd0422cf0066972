-- migration: readers never load a replier's picture from another server (issue 45)
-- purpose: an approved reply showed its author's avatar from the author's
--          server, so every reader of the post told that server their
--          address, and whatever it liked to know, on every visit. now the
--          inbox keeps the picture's address aside (avatar_source, which
--          visitors cannot read), the worker fetches it once through the
--          outbound rules, re-encodes it small (96 px webp, nothing of the
--          original file kept) into private.fediverse_avatars, and only then
--          sets avatar_url to the site's own /ap/avatars/<key>.webp. a
--          picture that cannot be fetched is tried again a day later; until
--          then the reply shows no picture. replies kept before this move
--          their remote address to avatar_source. a restore brings the source,
--          not the copy: the new install fetches it again.
-- affects: column public.fediverse_replies.avatar_source, table
--          private.fediverse_avatars, function public.fediverse_restore(jsonb)

alter table public.fediverse_replies add column avatar_source text;

comment on column public.fediverse_replies.avatar_source is 'The author''s picture on their server, as the reply came: fetched once by the worker into private.fediverse_avatars; never shown to readers (avatar_url is the site''s copy).';

update public.fediverse_replies set avatar_source = avatar_url, avatar_url = null
 where avatar_url is not null and avatar_url !~ '^/ap/avatars/';

create table private.fediverse_avatars (
  -- sha256 of source_url, hex: the copy's address is /ap/avatars/<key>.webp.
  key text primary key,
  source_url text not null,
  -- 96 x 96 webp; null while it could not be fetched.
  bytes bytea,
  fetched_at timestamptz,
  failed_at timestamptz,
  last_error text,
  constraint fediverse_avatars_kept_or_failed check (bytes is not null or failed_at is not null)
);

comment on table private.fediverse_avatars is 'The site''s own small copies of repliers'' pictures, served at /ap/avatars/<key>.webp, so readers never load them from other servers; a failed fetch is tried again a day later.';

alter table private.fediverse_avatars enable row level security;

-- as in 20261128180500, with the avatar's source restored instead of the copy's address.
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
