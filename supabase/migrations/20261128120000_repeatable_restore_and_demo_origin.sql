-- migration: nothing she owns is ever lost (issue 41): a restore can be repeated,
--            and the demo content is the same posts on every install.
-- purpose: the seed's demo posts carry the origin ('demo', '<language>-<n>')
--          and fixed ids (supabase/seed.sql), so a restore of a site that
--          started from them finds them instead of adding copies, and
--          "Remover conteúdo de exemplo" removes exactly them. posts of sites
--          seeded before this get the same origin here. public.import_posts
--          no longer refuses a second run of a restore when a backup's address
--          is held by another post of this site: the post keeps the address the
--          first run gave it (slug-2), and the run reports it unchanged.
-- affects: constraints blog_posts_origin_source_valid (adds 'demo') and
--          blog_posts_imported_not_sent (demo posts may be sent); rows of
--          public.blog_posts whose language and title are the seed's (origin
--          set, nothing else); functions public.import_posts and
--          private.blog_posts_keep_revision and public.import_corrections
--          (replaced: the service role may call it), public.import_revisions (new).

alter table public.blog_posts
  drop constraint blog_posts_origin_source_valid,
  add constraint blog_posts_origin_source_valid check (origin_source in ('wordpress', 'substack', 'medium', 'demo'));

-- an example post is hers to rewrite and send like her own; an imported one
-- never goes by email (its readers saw it on its platform).
alter table public.blog_posts
  drop constraint blog_posts_imported_not_sent,
  add constraint blog_posts_imported_not_sent check (not (newsletter and origin_source is not null and origin_source <> 'demo'));

comment on column public.blog_posts.origin_source is 'The platform an imported post came from (wordpress, substack, medium), or demo for the example posts a new install starts with; null for posts written here.';

-- the example posts of sites seeded before the demo origin existed, found by
-- language and title (a post she wrote under one of these titles, if any,
-- would be taken for an example: the titles are the seed's own, unlikely to be
-- hers word for word). only posts with no origin, and one post per key.
-- import_keeps_dates: stamping the origin is not an edit (updated_at and
-- revised_at stay as they are); in the same statement as the update, so it
-- holds in any migration runner.
do $migration$
begin
  perform set_config('blog.import_keeps_dates', 'on', true);
  with seeded (origin_id, language, title) as (
    values
      ('pt-1', 'pt', 'O que um jornalista realmente quer receber da sua assessoria'),
      ('pt-2', 'pt', 'Media training não é decorar respostas'),
      ('pt-3', 'pt', 'As primeiras horas de uma crise'),
      ('pt-4', 'pt', 'Pedir desculpas do jeito certo'),
      ('pt-5', 'pt', '31 anos de estrada: o que a redação me ensinou'),
      ('pt-6', 'pt', 'Comunicação interna também é notícia'),
      ('pt-7', 'pt', 'Como montar um mailing de imprensa que funciona'),
      ('en-1', 'en', 'What journalists actually want from your press office'),
      ('en-2', 'en', 'Media training is not about memorising answers'),
      ('en-3', 'en', 'The first hours of a crisis'),
      ('en-4', 'en', 'How to apologise properly'),
      ('en-5', 'en', '31 years on the road: what the newsroom taught me'),
      ('en-6', 'en', 'Internal communication is news too'),
      ('en-7', 'en', 'Building a press list that works')
  ),
  firsts as (
    select distinct on (s.origin_id) s.origin_id, p.id
      from seeded s
      join public.blog_posts p on p.language = s.language and p.title = s.title and p.origin_source is null
     where not exists (select 1 from public.blog_posts d where d.origin_source = 'demo' and d.origin_id = s.origin_id)
     order by s.origin_id, p.created_at, p.id
  )
  update public.blog_posts p
     set origin_source = 'demo', origin_id = firsts.origin_id, updated_at = p.updated_at
    from firsts
   where p.id = firsts.id;
  perform set_config('blog.import_keeps_dates', '', true);
end
$migration$;

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
  slug_held_elsewhere boolean;
begin
  if jsonb_typeof(posts) is distinct from 'array' then
    raise exception 'import_posts expects a json array of posts.' using errcode = 'invalid_parameter_value';
  end if;
  perform set_config('blog.import_keeps_dates', 'on', true);

  for item in select value from jsonb_array_elements(posts) loop
    found_row := null;
    written := null;
    slug_held_elsewhere := false;
    if nullif(item->>'id', '') is not null then
      select * into found_row from public.blog_posts p where p.id = (item->>'id')::uuid;
    end if;
    if found_row.id is null and nullif(item->>'origin_source', '') is not null then
      select * into found_row from public.blog_posts p
       where p.origin_source = item->>'origin_source' and p.origin_id = item->>'origin_id';
    end if;

    if found_row.id is not null then
      -- a backup's address that another post of this site holds (her own, or
      -- one a first run could not give back): the post keeps the address it
      -- has, as the first run gave it slug-2, so a second run is unchanged
      -- instead of refused (issue 41).
      slug_held_elsewhere := item ? 'id' and nullif(item->>'slug', '') is not null
        and found_row.slug is distinct from item->>'slug'
        and (exists (select 1 from public.blog_posts o
                      where o.language = item->>'language' and o.slug = item->>'slug' and o.id <> found_row.id)
             or exists (select 1 from public.blog_post_slugs s
                         where s.language = item->>'language' and s.slug = item->>'slug' and s.post_id <> found_row.id));
      same := (found_row.title, found_row.excerpt, found_row.content, found_row.category, found_row.language,
               found_row.date, found_row.published, found_row.read_time, found_row.image_url, found_row.image_alt,
               found_row.origin_source, found_row.origin_id, found_row.origin_url)
          is not distinct from
              (item->>'title', item->>'excerpt', item->>'content', nullif(item->>'category', ''), item->>'language',
               (item->>'date')::timestamptz, (item->>'published')::boolean, coalesce(item->>'read_time', found_row.read_time),
               item->>'image_url', item->>'image_alt',
               nullif(item->>'origin_source', ''), nullif(item->>'origin_id', ''), item->>'origin_url')
        -- a backup restores its exact address and link; other sources leave both as they are here.
        and (not item ? 'id' or ((found_row.slug = item->>'slug' or slug_held_elsewhere)
             and found_row.created_at is not distinct from coalesce((item->>'created_at')::timestamptz, found_row.created_at)
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
             slug = case when item ? 'id' and not slug_held_elsewhere then coalesce(nullif(item->>'slug', ''), p.slug) else p.slug end,
             translation_group = case when item ? 'id' then (item->>'translation_group')::uuid else p.translation_group end,
             origin_source = nullif(item->>'origin_source', ''),
             origin_id = nullif(item->>'origin_id', ''),
             origin_url = item->>'origin_url',
             -- a backup's post is the post it was, from its first day (a demo post found here included).
             created_at = case when item ? 'id' then coalesce((item->>'created_at')::timestamptz, p.created_at) else p.created_at end,
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

comment on function public.import_posts(jsonb) is 'Writes one batch of an archive import or backup restore in one transaction, as the caller (rls: the admin): finds each post by id or origin, updates it only if it differs, else creates it; a backup''s address held by another post leaves the post the address it has; returns each post''s id, slug and outcome (created, updated, unchanged).';

-- ---------------------------------------------------------------------------
-- a backup carries the posts' earlier versions
-- ---------------------------------------------------------------------------

create or replace function public.import_revisions(revisions jsonb)
returns integer
language plpgsql
-- definer: revisions are written by the save trigger only; a restore is the
-- one other writer, and who calls is checked first.
security definer
set search_path = ''
as $$
declare
  item jsonb;
  added integer := 0;
  written integer;
begin
  if not (public.is_admin() and public.has_required_aal()) and auth.role() is distinct from 'service_role' then
    raise exception 'Only the admin restores earlier versions of posts.' using errcode = 'insufficient_privilege';
  end if;
  if jsonb_typeof(revisions) is distinct from 'array' then
    raise exception 'import_revisions expects a json array of revisions.' using errcode = 'invalid_parameter_value';
  end if;
  for item in select value from jsonb_array_elements(revisions) loop
    if jsonb_typeof(item) is distinct from 'object' or item->>'post_id' is null or item->>'saved_at' is null
       or item->>'replaced_at' is null or item->>'title' is null or item->>'slug' is null or item->>'date' is null then
      raise exception 'Each revision needs its post_id, saved_at, replaced_at, title, slug and date.' using errcode = 'invalid_parameter_value';
    end if;
    -- one the site already has (a second run of the same restore) is the same moment of the same post.
    insert into public.blog_post_revisions
      (post_id, saved_at, replaced_at, title, excerpt, content, category, read_time, image_url, image_alt, slug, published, date)
    select p.id, (item->>'saved_at')::timestamptz, (item->>'replaced_at')::timestamptz, item->>'title', item->>'excerpt',
           item->>'content', item->>'category', coalesce(item->>'read_time', '5 min'), item->>'image_url', item->>'image_alt',
           item->>'slug', coalesce((item->>'published')::boolean, false), (item->>'date')::timestamptz
      from public.blog_posts p
     where p.id = (item->>'post_id')::uuid
       and not exists (select 1 from public.blog_post_revisions r
                        where r.post_id = p.id
                          and r.saved_at = (item->>'saved_at')::timestamptz
                          and r.replaced_at = (item->>'replaced_at')::timestamptz);
    get diagnostics written = row_count;
    added := added + written;
  end loop;
  return added;
end;
$$;

comment on function public.import_revisions(jsonb) is 'Restores a backup''s earlier versions of its posts (post_id, saved_at, replaced_at and the version''s fields), skipping those already present and those of posts the site does not hold; the admin only.';

revoke all on function public.import_revisions(jsonb) from public;
grant execute on function public.import_revisions(jsonb) to authenticated, service_role;

-- a restore that overwrites an example post she never saved keeps no version
-- of it (the seed's text is in every install); any post she saved, example or
-- not, keeps the version an import replaces, as every save does.
create or replace function private.blog_posts_keep_revision()
returns trigger
language plpgsql
-- definer: the save is hers, the history is written for her; no api role may insert into it.
security definer
set search_path = ''
as $$
begin
  if current_setting('blog.import_keeps_dates', true) = 'on'
     and old.origin_source = 'demo'
     and not exists (select 1 from public.blog_post_revisions r where r.post_id = old.id) then
    return null;
  end if;
  insert into public.blog_post_revisions
    (post_id, saved_at, title, excerpt, content, category, read_time, image_url, image_alt, slug, published, date)
  values
    (old.id, old.updated_at, old.title, old.excerpt, old.content, old.category, old.read_time, old.image_url,
     old.image_alt, old.slug, old.published, old.date);
  return null;
end;
$$;

comment on function private.blog_posts_keep_revision() is 'Trigger: keeps the version a save of blog_posts replaces in public.blog_post_revisions, in the same transaction; an import over an example post never saved keeps none.';

-- the command line restores with the service key (npm run import): a backup
-- with corrections failed there, since the service role is no admin user.
create or replace function public.import_corrections(corrections jsonb)
returns integer
language plpgsql
-- definer: only here may a correction carry a date that is not now; who calls is checked first.
security definer
set search_path = ''
as $$
declare
  item jsonb;
  added integer := 0;
  written integer;
begin
  if not (public.is_admin() and public.has_required_aal()) and auth.role() is distinct from 'service_role' then
    raise exception 'Only the admin restores corrections.' using errcode = 'insufficient_privilege';
  end if;
  if jsonb_typeof(corrections) is distinct from 'array' then
    raise exception 'import_corrections expects a json array of corrections.' using errcode = 'invalid_parameter_value';
  end if;
  for item in select value from jsonb_array_elements(corrections) loop
    if jsonb_typeof(item) is distinct from 'object' or item->>'post_id' is null or item->>'note' is null or item->>'created_at' is null then
      raise exception 'Each correction needs its post_id, note and created_at.' using errcode = 'invalid_parameter_value';
    end if;
    if not exists (select 1 from public.blog_posts p
                    where p.id = (item->>'post_id')::uuid and p.published and p.date <= public.site_now()) then
      continue;
    end if;
    insert into public.blog_post_corrections (post_id, note, created_at)
    values ((item->>'post_id')::uuid, item->>'note', least((item->>'created_at')::timestamptz, now()))
    on conflict do nothing;
    get diagnostics written = row_count;
    added := added + written;
  end loop;
  return added;
end;
$$;
