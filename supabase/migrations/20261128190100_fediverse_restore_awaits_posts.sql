-- migration: a restore never makes the worker withdraw the posts it restores (issue 45)
-- purpose: a restore writes the posts the fediverse was told about before the
--          posts themselves (20261128180500), so the worker would not announce
--          them again. but the posts come in later calls, and a worker look in
--          between saw told posts that did not exist, took them for deleted
--          and sent Delete, then Create again once they came: her followers saw
--          every old post withdrawn and re-posted. a told row written before
--          its post exists now waits for it (awaiting_post, set by a trigger,
--          so the restore function stays as it is): no Delete goes out for it
--          until the post has arrived. a post she deletes later was there
--          first, so its Delete is unchanged.
-- affects: column private.fediverse_posts.awaiting_post, triggers
--          fediverse_posts_awaiting and fediverse_post_arrived (on
--          public.blog_posts), function private.fediverse_enqueue_due()

alter table private.fediverse_posts add column awaiting_post boolean not null default false;

comment on column private.fediverse_posts.awaiting_post is 'Written by a restore before its post exists: no Delete is sent for it until the post arrives (fediverse_enqueue_due clears it then).';

create or replace function private.fediverse_posts_awaiting()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.awaiting_post := not exists (select 1 from public.blog_posts p where p.id = new.post_id);
  return new;
end;
$$;

comment on function private.fediverse_posts_awaiting() is 'Before insert on private.fediverse_posts: a told row whose post is not here yet (a restore) waits for it.';

revoke all on function private.fediverse_posts_awaiting() from public;

create trigger fediverse_posts_awaiting
  before insert on private.fediverse_posts
  for each row
  execute function private.fediverse_posts_awaiting();

-- the post has come: its told row is an ordinary one at once (not only at
-- the worker's next look), so deleting it right after a restore still sends
-- its Delete. definer: her insert cannot touch the private schema itself.
create or replace function private.fediverse_post_arrived()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.fediverse_posts set awaiting_post = false where post_id = new.id and awaiting_post;
  return null;
end;
$$;

comment on function private.fediverse_post_arrived() is 'After insert on public.blog_posts: a told row that waited for this post (a restore) no longer waits.';

revoke all on function private.fediverse_post_arrived() from public;

create trigger fediverse_post_arrived
  after insert on public.blog_posts
  for each row
  execute function private.fediverse_post_arrived();

-- as in 20261128180000, with the restored rows that wait for their posts left alone.
create or replace function private.fediverse_enqueue_due()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  queued integer := 0;
  n integer;
begin
  -- a restored row whose post has arrived is an ordinary one from now on.
  update private.fediverse_posts f set awaiting_post = false
   where f.awaiting_post and exists (select 1 from public.blog_posts p where p.id = f.post_id);

  -- Create: public now, hers, not told yet (or told it was gone).
  with due as (
    select p.id, p.language, coalesce(p.revised_at, p.updated_at, p.date) as version
      from public.blog_posts p
     where p.published and p.date <= public.site_now() and p.origin_source is null
       and not exists (select 1 from private.fediverse_posts f where f.post_id = p.id and f.deleted_at is null)
  ), told as (
    insert into private.fediverse_posts as f (post_id, language, announced_version)
    select id, language, version from due
    on conflict (post_id) do update set deleted_at = null, announced_version = excluded.announced_version, language = excluded.language
      where f.deleted_at is not null
    returning f.post_id, f.language
  )
  insert into private.fediverse_outbox (id, language, type, post_id)
  select 'urn:fediverse-create:' || gen_random_uuid(), t.language, 'Create', t.post_id from told t;
  get diagnostics n = row_count;
  queued := queued + n;

  -- Update: public, told, edited since.
  with due as (
    update private.fediverse_posts f
       set announced_version = coalesce(p.revised_at, p.updated_at, p.date)
      from public.blog_posts p
     where p.id = f.post_id and f.deleted_at is null
       and p.published and p.date <= public.site_now()
       and coalesce(p.revised_at, p.updated_at, p.date) > f.announced_version
    returning f.post_id, f.language
  )
  insert into private.fediverse_outbox (id, language, type, post_id)
  select 'urn:fediverse-update:' || gen_random_uuid(), d.language, 'Update', d.post_id from due d;
  get diagnostics n = row_count;
  queued := queued + n;

  -- Delete: told, no longer public.
  with due as (
    update private.fediverse_posts f
       set deleted_at = now()
     where f.deleted_at is null
       and not f.awaiting_post
       and not exists (select 1 from public.blog_posts p
                        where p.id = f.post_id and p.published and p.date <= public.site_now())
    returning f.post_id, f.language
  )
  insert into private.fediverse_outbox (id, language, type, post_id)
  select 'urn:fediverse-delete:' || gen_random_uuid(), d.language, 'Delete', d.post_id from due d;
  get diagnostics n = row_count;
  queued := queued + n;

  return queued;
end;
$$;

revoke all on function private.fediverse_enqueue_due() from public;
