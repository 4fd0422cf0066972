-- migration: the fediverse's look at the posts reads the site's clock once (issue 42's bench, decision 310)
-- purpose: private.fediverse_enqueue_due() called public.site_now() (a
--          security definer function, not inlined) for every public post,
--          three times: 300-900 ms on the embedded database with 20,000
--          posts, which held its one connection. the same function with the
--          clock read once into a variable. nothing else changes.
-- affects: function private.fediverse_enqueue_due() (replaced)

create or replace function private.fediverse_enqueue_due()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  queued integer := 0;
  n integer;
  -- once: per row it was a call of a definer function for each of thousands of posts, three times.
  site_now timestamptz := public.site_now();
begin
  -- a restored row whose post has arrived is an ordinary one from now on.
  update private.fediverse_posts f set awaiting_post = false
   where f.awaiting_post and exists (select 1 from public.blog_posts p where p.id = f.post_id);

  -- Create: public now, hers, not told yet (or told it was gone).
  with due as (
    select p.id, p.language, coalesce(p.revised_at, p.updated_at, p.date) as version
      from public.blog_posts p
     where p.published and p.date <= site_now and p.origin_source is null
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
       and p.published and p.date <= site_now
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
                        where p.id = f.post_id and p.published and p.date <= site_now)
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
