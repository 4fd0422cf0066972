-- migration: her archive comes in (issue 24)
-- purpose: posts taken in from wordpress, substack or medium remember where
--          they came from, so a second import of the same file updates them
--          instead of adding them again; public.import_posts(jsonb) writes one
--          batch of an import, or of a restore of the site's own backup, in one
--          transaction, as the caller (row level security decides: the admin
--          only), keeping the posts' ids, addresses, old addresses and dates.
-- affects: columns public.blog_posts.origin_source, origin_id, origin_url;
--          function public.blog_posts_set_updated_at (replaced); policies and
--          insert grant on public.blog_post_slugs; function public.import_posts

-- ---------------------------------------------------------------------------
-- where a post came from
-- ---------------------------------------------------------------------------

alter table public.blog_posts
  add column origin_source text,
  add column origin_id text,
  add column origin_url text,
  add constraint blog_posts_origin_source_valid check (origin_source in ('wordpress', 'substack', 'medium')),
  add constraint blog_posts_origin_complete check ((origin_source is null) = (origin_id is null)),
  -- null origins (posts written here) never conflict.
  add constraint blog_posts_origin_key unique (origin_source, origin_id);

comment on column public.blog_posts.origin_source is 'The platform an imported post came from (wordpress, substack, medium); null for posts written here.';
comment on column public.blog_posts.origin_id is 'The post''s own key on that platform (wordpress post id, substack post id, medium story id): a second import of the same file finds the post by it.';
comment on column public.blog_posts.origin_url is 'The post''s address on that platform, where the export gives one.';

-- ---------------------------------------------------------------------------
-- an import keeps the dates it is given
-- ---------------------------------------------------------------------------

-- a client still cannot set updated_at; public.import_posts can, so that a
-- restored post keeps the last edit its backup recorded and an archived one
-- shows its own date as its last change, not the day of the import.
create or replace function public.blog_posts_set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_setting('blog.import_keeps_dates', true) = 'on' and new.updated_at is not null then
    return new;
  end if;
  -- linking, unlinking and the translation flag leave the last edit alone
  -- (as does a write that changes nothing else).
  if tg_op = 'UPDATE'
     and (to_jsonb(new) - array['translation_group', 'translation_outdated', 'updated_at'])
       = (to_jsonb(old) - array['translation_group', 'translation_outdated', 'updated_at']) then
    new.updated_at := old.updated_at;
    return new;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.blog_posts_set_updated_at() is 'Trigger: stamps blog_posts.updated_at with the time of the write, unless only the translation link or flag changed, or public.import_posts gives the date.';

-- ---------------------------------------------------------------------------
-- old addresses come back with a restored post
-- ---------------------------------------------------------------------------

create policy "Admins can keep the old addresses of posts"
  on public.blog_post_slugs
  for insert
  to authenticated
  with check ((select public.is_admin()));

-- as every admin write (migration 20261123160000_admin_writes_need_aal2).
create policy "Keeping old addresses needs the admin's second factor"
  on public.blog_post_slugs
  as restrictive
  for insert
  to authenticated
  with check ((select public.has_required_aal()));

grant insert on table public.blog_post_slugs to authenticated;

-- ---------------------------------------------------------------------------
-- one batch of an import
-- ---------------------------------------------------------------------------

-- security invoker: every read and write below is the caller's, so row level
-- security and the triggers of blog_posts decide exactly as for a save in the
-- post dialog (only the admin, with her second factor where required).
--
-- each element of posts: title, excerpt, content, category, language, date,
-- published, read_time, image_url, image_alt, slug (wanted; '' or null: made
-- from the title), and optionally id (a backup's post keeps its id),
-- origin_source/origin_id/origin_url, old_slugs, translation_group,
-- translation_outdated, created_at, updated_at.
--
-- a post is found by its id when given, else by its origin; found, it is
-- updated only when something differs ('unchanged' otherwise: a second import
-- of the same file writes nothing); not found, it is created. a wanted slug
-- another post holds becomes slug-2, slug-3 …
create or replace function public.import_posts(posts jsonb)
returns table (post_id uuid, post_slug text, outcome text)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  item jsonb;
  found_row public.blog_posts;
  written public.blog_posts;
  wanted_slug text;
  attempt integer;
  failure_detail text;
  same boolean;
begin
  if jsonb_typeof(posts) is distinct from 'array' then
    raise exception 'import_posts expects a json array of posts.' using errcode = 'invalid_parameter_value';
  end if;
  perform set_config('blog.import_keeps_dates', 'on', true);

  for item in select value from jsonb_array_elements(posts) loop
    found_row := null;
    written := null;
    if nullif(item->>'id', '') is not null then
      select * into found_row from public.blog_posts p where p.id = (item->>'id')::uuid;
    end if;
    if found_row.id is null and nullif(item->>'origin_source', '') is not null then
      select * into found_row from public.blog_posts p
       where p.origin_source = item->>'origin_source' and p.origin_id = item->>'origin_id';
    end if;

    if found_row.id is not null then
      same := (found_row.title, found_row.excerpt, found_row.content, found_row.category, found_row.language,
               found_row.date, found_row.published, found_row.read_time, found_row.image_url, found_row.image_alt,
               found_row.origin_source, found_row.origin_id, found_row.origin_url)
          is not distinct from
              (item->>'title', item->>'excerpt', item->>'content', nullif(item->>'category', ''), item->>'language',
               (item->>'date')::timestamptz, (item->>'published')::boolean, coalesce(item->>'read_time', found_row.read_time),
               item->>'image_url', item->>'image_alt',
               nullif(item->>'origin_source', ''), nullif(item->>'origin_id', ''), item->>'origin_url')
        -- a backup restores its exact address and link; other sources leave both as they are here.
        and (not item ? 'id' or (found_row.slug = item->>'slug'
             and found_row.translation_group is not distinct from (item->>'translation_group')::uuid));
      if same then
        post_id := found_row.id;
        post_slug := found_row.slug;
        outcome := 'unchanged';
        return next;
        continue;
      end if;
      update public.blog_posts p
         set title = item->>'title',
             excerpt = item->>'excerpt',
             content = item->>'content',
             category = nullif(item->>'category', ''),
             language = item->>'language',
             date = (item->>'date')::timestamptz,
             published = (item->>'published')::boolean,
             read_time = coalesce(item->>'read_time', p.read_time),
             image_url = item->>'image_url',
             image_alt = item->>'image_alt',
             slug = case when item ? 'id' then coalesce(nullif(item->>'slug', ''), p.slug) else p.slug end,
             translation_group = case when item ? 'id' then (item->>'translation_group')::uuid else p.translation_group end,
             origin_source = nullif(item->>'origin_source', ''),
             origin_id = nullif(item->>'origin_id', ''),
             origin_url = item->>'origin_url',
             updated_at = coalesce((item->>'updated_at')::timestamptz, now())
       where p.id = found_row.id
      returning * into written;
      if written.id is null then
        raise exception 'No post % that you may change.', found_row.id
          using errcode = 'insufficient_privilege', hint = 'Only the admin imports posts.';
      end if;
      post_id := written.id;
      post_slug := written.slug;
      outcome := 'updated';
    else
      wanted_slug := nullif(btrim(coalesce(item->>'slug', '')), '');
      attempt := 1;
      loop
        begin
          insert into public.blog_posts as p
            (id, title, excerpt, content, category, language, date, published, read_time, image_url, image_alt,
             slug, translation_group, origin_source, origin_id, origin_url, created_at, updated_at)
          values (
            coalesce((item->>'id')::uuid, gen_random_uuid()),
            item->>'title', item->>'excerpt', item->>'content', nullif(item->>'category', ''), item->>'language',
            (item->>'date')::timestamptz, (item->>'published')::boolean, coalesce(item->>'read_time', '5 min'),
            item->>'image_url', item->>'image_alt',
            case when wanted_slug is null then ''
                 when attempt = 1 then wanted_slug
                 else rtrim(left(wanted_slug, 80 - length('-' || attempt)), '-') || '-' || attempt end,
            (item->>'translation_group')::uuid,
            nullif(item->>'origin_source', ''), nullif(item->>'origin_id', ''), item->>'origin_url',
            coalesce((item->>'created_at')::timestamptz, now()),
            coalesce((item->>'updated_at')::timestamptz, now()))
          returning * into written;
          exit;
        exception when unique_violation then
          get stacked diagnostics failure_detail = pg_exception_detail;
          -- only "address taken" is ours to solve; a taken id or translation slot is the caller's to hear.
          if failure_detail is distinct from 'slug_taken' or wanted_slug is null or attempt >= 50 then
            raise;
          end if;
          attempt := attempt + 1;
        end;
      end loop;
      post_id := written.id;
      post_slug := written.slug;
      outcome := 'created';
    end if;

    -- a backup's old addresses (valid slugs only; one another post holds is left to it).
    insert into public.blog_post_slugs (language, slug, post_id, shared)
    select written.language, s, written.id, true
      from jsonb_array_elements_text(coalesce(item->'old_slugs', '[]'::jsonb)) as s
     where s ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(s) <= 80
    on conflict do nothing;

    return next;
  end loop;

  -- last, once every post of the batch is in: the translation flags a backup
  -- recorded (linking a post in resets its pair's flags; the writer keeps a
  -- pair in one batch).
  update public.blog_posts p
     set translation_outdated = (e.value->>'translation_outdated')::boolean
    from jsonb_array_elements(posts) as e(value)
   where e.value ? 'translation_outdated'
     and p.id = (e.value->>'id')::uuid
     and p.translation_outdated is distinct from (e.value->>'translation_outdated')::boolean;
end;
$$;

comment on function public.import_posts(jsonb) is 'Writes one batch of an archive import or backup restore in one transaction, as the caller (rls: the admin): finds each post by id or origin, updates it only if it differs, else creates it; returns each post''s id, slug and outcome (created, updated, unchanged).';

revoke execute on function public.import_posts(jsonb) from public;
grant execute on function public.import_posts(jsonb) to authenticated, service_role;
