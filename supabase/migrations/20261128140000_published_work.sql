-- migration: her published work (issue 43)
-- purpose: every piece she wrote for other outlets ("Publicações"), its private
--          archived copy, the outlets' author pages or feeds she follows, and
--          the jobs the server's worker does for her (fetching is never done
--          by a browser). readers see published clips only, and the copy of a
--          clip only while she shows it ("Mostrar cópia arquivada"); the page
--          as fetched (clip_copies.page_path, bucket clip-pages) is hers alone.
--          /pt/publicacoes and /en/published-work become the site's own
--          addresses: both words are reserved slugs, and a post that had one
--          of them moves to the first free slug (publicacoes-2 …); while it
--          was published its old slug stays in public.blog_post_slugs, so its
--          old address keeps leading to it (except where the clips page now
--          answers: /pt/publicacoes and /en/published-work). each move is
--          reported by a notice while this migration runs.
-- affects: tables public.clip_feeds, public.clips, public.clip_copies,
--          public.clip_jobs; functions private.is_reserved_slug(text) (two
--          words more), private.unique_clip_slug(…), private.clips_assign_slug(),
--          private.clips_set_updated_at(); storage buckets clip-files (public,
--          unguessable names) and clip-pages (private); policies on
--          storage.objects

-- ---------------------------------------------------------------------------
-- the addresses of the clips pages are the site's
-- ---------------------------------------------------------------------------

create or replace function private.is_reserved_slug(slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select slug in ('rss', 'feed', 'atom', 'sitemap', 'page', 'pagina', 'category', 'categoria', 'search', 'busca',
                  'tag', 'tags', 'author', 'autora', 'archive', 'arquivo', 'newsletter', 'assinar', 'subscribe',
                  'admin', 'auth', 'post', 'posts', 'api', 'og', 'assets', 'static',
                  'publicacoes', 'published-work');
$$;

revoke all on function private.is_reserved_slug(text) from public;

-- a post at a now reserved slug moves to the first free one; the slug trigger
-- of blog_posts keeps the old one (shared, when it was published) so it redirects.
do $$
declare
  p record;
  moved text;
begin
  for p in select id, language, slug from public.blog_posts
            where slug in ('publicacoes', 'published-work') order by created_at, id loop
    moved := private.unique_post_slug(p.slug, p.language, p.id);
    update public.blog_posts set slug = moved where id = p.id;
    raise notice 'post % moved from /%/% to /%/%', p.id, p.language, p.slug, p.language, moved;
  end loop;
end
$$;

-- ---------------------------------------------------------------------------
-- the outlets' pages she follows
-- ---------------------------------------------------------------------------

create table public.clip_feeds (
  id uuid primary key default gen_random_uuid(),
  url text not null,
  feed_url text,
  title text,
  outlet text,
  language text,
  last_checked_at timestamptz,
  created_at timestamptz not null default now(),
  constraint clip_feeds_url_key unique (url),
  constraint clip_feeds_url_valid check (url ~ '^https?://' and length(url) <= 2048),
  constraint clip_feeds_feed_url_valid check (feed_url is null or (feed_url ~ '^https?://' and length(feed_url) <= 2048)),
  constraint clip_feeds_language_valid check (language is null or language in ('pt', 'en'))
);

comment on table public.clip_feeds is 'An outlet''s author page or feed she follows ("Verificar novas publicações"): url is what she typed, feed_url the RSS/Atom found there. Hers alone.';

alter table public.clip_feeds enable row level security;

create policy "Admins can read the followed feeds"
  on public.clip_feeds for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the followed feeds needs the admin's second factor"
  on public.clip_feeds as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Admins can follow feeds"
  on public.clip_feeds for insert to authenticated
  with check ((select public.is_admin()));
create policy "Following feeds needs the admin's second factor"
  on public.clip_feeds as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Admins can change followed feeds"
  on public.clip_feeds for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Changing followed feeds needs the admin's second factor"
  on public.clip_feeds as restrictive for update to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy "Admins can stop following feeds"
  on public.clip_feeds for delete to authenticated
  using ((select public.is_admin()));
create policy "Unfollowing feeds needs the admin's second factor"
  on public.clip_feeds as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

grant select, insert, update, delete on table public.clip_feeds to authenticated;
grant all on table public.clip_feeds to service_role;

-- ---------------------------------------------------------------------------
-- the clips
-- ---------------------------------------------------------------------------

create table public.clips (
  id uuid primary key default gen_random_uuid(),
  kind text not null default 'web',
  url text,
  title text not null,
  outlet text,
  outlet_logo_url text,
  byline text,
  published_on date,
  language text not null,
  summary text,
  image_url text,
  image_alt text,
  file_path text,
  status text not null default 'published',
  featured boolean not null default false,
  show_archive boolean not null default false,
  slug text not null,
  newsletter boolean not null default false,
  source text not null default 'manual',
  feed_id uuid references public.clip_feeds (id) on delete set null,
  link_status text not null default 'unchecked',
  link_checked_at timestamptz,
  link_failed_at timestamptz,
  link_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint clips_url_key unique (url),
  constraint clips_language_slug_key unique (language, slug),
  constraint clips_kind_valid check (kind in ('web', 'print')),
  -- a web clip is its address; a print clip has none (its file is the original).
  constraint clips_kind_url check ((kind = 'web') = (url is not null)),
  constraint clips_url_valid check (url is null or (url ~ '^https?://[^[:space:]]+$' and length(url) <= 2048)),
  constraint clips_title_not_blank check (btrim(title, E' \t\n\r\u00a0') <> '' and length(title) <= 500),
  constraint clips_language_valid check (language in ('pt', 'en')),
  constraint clips_status_valid check (status in ('published', 'hidden')),
  constraint clips_source_valid check (source in ('manual', 'url', 'feed', 'csv', 'print')),
  constraint clips_link_status_valid check (link_status in ('unchecked', 'ok', 'failing', 'dead')),
  constraint clips_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
  constraint clips_links_valid check (
    (outlet_logo_url is null or (outlet_logo_url ~ '^https?://' and length(outlet_logo_url) <= 2048))
    and (image_url is null or (image_url ~ '^https?://' and length(image_url) <= 2048))),
  constraint clips_texts_bounded check (
    coalesce(length(outlet), 0) <= 200 and coalesce(length(byline), 0) <= 300
    and coalesce(length(summary), 0) <= 5000 and coalesce(length(image_alt), 0) <= 500
    and coalesce(length(link_error), 0) <= 500 and coalesce(length(file_path), 0) <= 500)
);

comment on table public.clips is 'Her published work ("Publicações"): one row per piece published by others, web (url) or print (file_path in bucket clip-files). Readers see published rows; she sees and writes all.';
comment on column public.clips.slug is 'The clip''s address within its language: /pt/publicacoes/<slug> or /en/published-work/<slug>. Made from the title when none is given, unique in the language (-2, -3 …); kept when the title changes.';
comment on column public.clips.link_status is 'The weekly check of url: unchecked, ok, failing (one failed check), dead ("Original fora do ar": failed again at least a day after link_failed_at). A success resets to ok.';
comment on column public.clips.image_url is 'The public URL of the picture kept in bucket clip-files (never an outlet''s own address on public pages).';

create index clips_public_order_idx on public.clips (featured desc, published_on desc nulls last, created_at desc) where status = 'published';
create index clips_outlet_idx on public.clips (outlet);
create index clips_feed_id_idx on public.clips (feed_id) where feed_id is not null;
create index clips_link_check_idx on public.clips (link_checked_at nulls first) where url is not null;

alter table public.clips enable row level security;

create policy "Visitors can read published clips"
  on public.clips for select to anon
  using (status = 'published');
create policy "Signed-in users read published clips, admins all clips"
  on public.clips for select to authenticated
  using (status = 'published' or (select public.is_admin()));
create policy "Hidden clips need the caller's second factor"
  on public.clips as restrictive for select to authenticated
  using (status = 'published' or (select public.has_required_aal()));
create policy "Admins can add clips"
  on public.clips for insert to authenticated
  with check ((select public.is_admin()));
create policy "Adding clips needs the admin's second factor"
  on public.clips as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Admins can edit clips"
  on public.clips for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Editing clips needs the admin's second factor"
  on public.clips as restrictive for update to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy "Admins can delete clips"
  on public.clips for delete to authenticated
  using ((select public.is_admin()));
create policy "Deleting clips needs the admin's second factor"
  on public.clips as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

grant select on table public.clips to anon;
grant select, insert, update, delete on table public.clips to authenticated;
grant all on table public.clips to service_role;

-- slugs: like the posts' (public.slugify), unique within the language, never a reserved word.
create or replace function private.unique_clip_slug(base text, clip_language text, clip_id uuid)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  candidate text := base;
  n integer := 1;
begin
  loop
    if not private.is_reserved_slug(candidate)
       and not exists (select 1 from public.clips c
                        where c.language = clip_language and c.slug = candidate and c.id <> unique_clip_slug.clip_id) then
      return candidate;
    end if;
    n := n + 1;
    candidate := rtrim(left(base, 80 - length('-' || n)), '-') || '-' || n;
  end loop;
end;
$$;

-- security definer: the writer must not need to read other clips (hidden ones) to be given a free slug.
create or replace function private.clips_assign_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  given text := nullif(btrim(coalesce(new.slug, '')), '');
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' and given is not distinct from old.slug then
    if new.language <> old.language then
      new.slug := private.unique_clip_slug(old.slug, new.language, new.id);
    end if;
    return new;
  end if;
  if given is null then
    new.slug := private.unique_clip_slug(public.slugify(new.title), new.language, new.id);
    return new;
  end if;
  if given !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(given) > 80 then
    raise exception 'The address "%" may hold only a-z, 0-9 and single hyphens between them, at most 80 characters.', given
      using errcode = 'check_violation', constraint = 'clips_slug_format', detail = 'slug_format';
  end if;
  if private.is_reserved_slug(given) or private.unique_clip_slug(given, new.language, new.id) <> given then
    raise exception 'The address "%" is already used in this language.', given
      using errcode = 'unique_violation', constraint = 'clips_language_slug_key', detail = 'slug_taken';
  end if;
  new.slug := given;
  return new;
end;
$$;

comment on function private.clips_assign_slug() is 'Trigger: makes a clip''s slug from its title when none is given (unique in the language: -2, -3 …), checks one she typed, and stamps updated_at.';

create trigger clips_assign_slug
  before insert or update on public.clips
  for each row execute function private.clips_assign_slug();

create trigger clips_bump_site_content_version
  after insert or update or delete or truncate on public.clips
  for each statement execute function private.bump_site_content_version();

revoke all on function private.unique_clip_slug(text, text, uuid), private.clips_assign_slug() from public;

-- ---------------------------------------------------------------------------
-- the archived copies
-- ---------------------------------------------------------------------------

create table public.clip_copies (
  clip_id uuid primary key references public.clips (id) on delete cascade,
  text_markdown text not null,
  picture_path text,
  page_path text,
  final_url text,
  fetched_at timestamptz not null,
  constraint clip_copies_final_url_valid check (final_url is null or (final_url ~ '^https?://' and length(final_url) <= 2048)),
  constraint clip_copies_text_bounded check (length(text_markdown) <= 1000000)
);

comment on table public.clip_copies is 'The archived copy of a web clip: its readable text as sanitised Markdown and its main picture (bucket clip-files), and the page as fetched, gzip (bucket clip-pages, never served). Written by the server''s worker; readers see a copy only while its clip is published with show_archive.';
comment on column public.clip_copies.page_path is 'The object in private bucket clip-pages: her records only. Not granted to anon.';

alter table public.clip_copies enable row level security;

create policy "Visitors can read the copies she shows"
  on public.clip_copies for select to anon
  using (exists (select 1 from public.clips c where c.id = clip_id and c.status = 'published' and c.show_archive));
create policy "Signed-in users read the copies she shows, admins all copies"
  on public.clip_copies for select to authenticated
  using ((select public.is_admin())
         or exists (select 1 from public.clips c where c.id = clip_id and c.status = 'published' and c.show_archive));
create policy "Copies she does not show need the caller's second factor"
  on public.clip_copies as restrictive for select to authenticated
  using ((select public.has_required_aal())
         or exists (select 1 from public.clips c where c.id = clip_id and c.status = 'published' and c.show_archive));
create policy "Admins can delete copies"
  on public.clip_copies for delete to authenticated
  using ((select public.is_admin()));
create policy "Deleting copies needs the admin's second factor"
  on public.clip_copies as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

-- by column: the fetched page's object name stays out of a visitor's reach.
grant select (clip_id, text_markdown, picture_path, final_url, fetched_at) on table public.clip_copies to anon;
grant select, delete on table public.clip_copies to authenticated;
grant all on table public.clip_copies to service_role;

create trigger clip_copies_bump_site_content_version
  after insert or update or delete or truncate on public.clip_copies
  for each statement execute function private.bump_site_content_version();

-- ---------------------------------------------------------------------------
-- the server's work
-- ---------------------------------------------------------------------------

create table public.clip_jobs (
  id uuid primary key default gen_random_uuid(),
  batch uuid not null,
  kind text not null,
  input text,
  clip_id uuid,
  options jsonb not null default '{}',
  state text not null default 'queued',
  result jsonb,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- the worker's own: tries so far, and not before when (a host that answered 429 or 503 waits).
  attempts integer not null default 0,
  run_after timestamptz not null default now(),
  constraint clip_jobs_kind_valid check (kind in ('preview', 'add', 'feed', 'csv', 'archive', 'check')),
  constraint clip_jobs_state_valid check (state in ('queued', 'working', 'done', 'failed')),
  constraint clip_jobs_input_bounded check (input is null or length(input) <= 2000000),
  constraint clip_jobs_options_object check (jsonb_typeof(options) = 'object')
);

comment on table public.clip_jobs is 'Work for the server''s clips worker (the local backend''s, or npm run clips -- worker beside a hosted project): the admin screen and the CLI insert jobs, the worker claims them (for update skip locked), fetches through the outbound module and writes each job''s effect in one transaction.';

create index clip_jobs_due_idx on public.clip_jobs (run_after, created_at) where state in ('queued', 'working');
create index clip_jobs_batch_idx on public.clip_jobs (batch, created_at);

alter table public.clip_jobs enable row level security;

create policy "Admins can see the clips jobs"
  on public.clip_jobs for select to authenticated
  using ((select public.is_admin()));
create policy "Seeing the clips jobs needs the admin's second factor"
  on public.clip_jobs as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Admins can ask for clips jobs"
  on public.clip_jobs for insert to authenticated
  with check ((select public.is_admin()) and state = 'queued');
create policy "Asking for clips jobs needs the admin's second factor"
  on public.clip_jobs as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Admins can clear clips jobs"
  on public.clip_jobs for delete to authenticated
  using ((select public.is_admin()));
create policy "Clearing clips jobs needs the admin's second factor"
  on public.clip_jobs as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

-- by column: the state, result and the worker's bookkeeping are the worker's.
grant select, delete on table public.clip_jobs to authenticated;
grant insert (id, batch, kind, input, clip_id, options) on table public.clip_jobs to authenticated;
grant all on table public.clip_jobs to service_role;

-- ---------------------------------------------------------------------------
-- storage
-- ---------------------------------------------------------------------------

-- clip-files: print clips' PDFs and images, and the copies' pictures. public,
-- like post-images: readers' browsers and the static export load them by
-- public url without a token (clips.image_url is such a url). objects are
-- named <clip id>/<random uuid>.<ext>, so a hidden clip's file cannot be
-- guessed; listing is hers alone.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('clip-files', 'clip-files', true, 52428800,
        array['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
on conflict (id) do update
  set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

-- clip-pages: the pages as fetched (gzip), her records; never public.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('clip-pages', 'clip-pages', false, 10485760, array['application/gzip'])
on conflict (id) do update
  set public = excluded.public, file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types;

create policy "Admins can list and read clip files"
  on storage.objects for select to authenticated
  using (bucket_id in ('clip-files', 'clip-pages') and (select public.is_admin()));
create policy "Admins can upload clip files"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'clip-files' and (select public.is_admin()));
create policy "Admins can replace clip files"
  on storage.objects for update to authenticated
  using (bucket_id = 'clip-files' and (select public.is_admin()))
  with check (bucket_id = 'clip-files' and (select public.is_admin()));
create policy "Admins can delete clip files"
  on storage.objects for delete to authenticated
  using (bucket_id in ('clip-files', 'clip-pages') and (select public.is_admin()));

create policy "Clip files need the admin's second factor"
  on storage.objects as restrictive for select to authenticated
  using (bucket_id not in ('clip-files', 'clip-pages') or (select public.has_required_aal()));
create policy "Uploading clip files needs the admin's second factor"
  on storage.objects as restrictive for insert to authenticated
  with check (bucket_id not in ('clip-files', 'clip-pages') or (select public.has_required_aal()));
create policy "Replacing clip files needs the admin's second factor"
  on storage.objects as restrictive for update to authenticated
  using (bucket_id not in ('clip-files', 'clip-pages') or (select public.has_required_aal()))
  with check (bucket_id not in ('clip-files', 'clip-pages') or (select public.has_required_aal()));
create policy "Deleting clip files needs the admin's second factor"
  on storage.objects as restrictive for delete to authenticated
  using (bucket_id not in ('clip-files', 'clip-pages') or (select public.has_required_aal()));
