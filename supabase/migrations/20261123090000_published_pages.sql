-- migration: what the server-rendered pages need
-- purpose: link previews, feeds and sitemaps say when a post last changed
--          (article:modified_time, dateModified, lastmod), and the structured
--          data names the author. the local backend caches its rendered pages
--          and must know when any post or setting changed, whoever wrote it
--          (the api, create-admin, plain sql), so a counter moves with every
--          write, in the writer's own transaction.
-- affects: column public.blog_posts.updated_at and its trigger; schema private,
--          table private.site_content_version and its triggers on
--          public.blog_posts and public.site_settings; setting author_name

-- ---------------------------------------------------------------------------
-- blog_posts.updated_at: the last edit, kept by the database
-- ---------------------------------------------------------------------------

alter table public.blog_posts add column updated_at timestamptz;
-- existing posts: their last known change is their creation.
update public.blog_posts set updated_at = greatest(created_at, date);
alter table public.blog_posts
  alter column updated_at set default now(),
  alter column updated_at set not null;

comment on column public.blog_posts.updated_at is 'When the post was last changed; set by trigger blog_posts_set_updated_at, never by clients.';

create or replace function public.blog_posts_set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- on insert too: a client cannot backdate or postdate the last edit.
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.blog_posts_set_updated_at() is 'Trigger: stamps blog_posts.updated_at with the time of the write.';

create trigger blog_posts_set_updated_at
  before insert or update
  on public.blog_posts
  for each row
  execute function public.blog_posts_set_updated_at();

-- ---------------------------------------------------------------------------
-- private.site_content_version: one counter for everything the public pages show
-- ---------------------------------------------------------------------------

-- private: not exposed by the api (hosted postgrest serves public only), not
-- granted to the api roles.
create schema if not exists private;
revoke all on schema private from public;

create table private.site_content_version (
  singleton boolean not null default true,
  version bigint not null default 1,
  changed_at timestamptz not null default now(),
  constraint site_content_version_pkey primary key (singleton),
  constraint site_content_version_singleton check (singleton)
);

comment on table private.site_content_version is 'One row: a counter that moves with every write to the posts or the settings. The self-hosted renderer compares it to decide whether a cached page is still current.';
comment on column private.site_content_version.version is 'Incremented by each statement that writes public.blog_posts or public.site_settings.';
comment on column private.site_content_version.changed_at is 'When the last such statement ran.';

insert into private.site_content_version default values;

alter table private.site_content_version enable row level security;
-- no policies: only the table owner (the backend itself) reads it.

create or replace function private.bump_site_content_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- in the writer's transaction: readers see the new version exactly when
  -- they can see the new rows, never before.
  update private.site_content_version
     set version = version + 1,
         changed_at = now();
  return null;
end;
$$;

comment on function private.bump_site_content_version() is 'Statement trigger: moves private.site_content_version after a write to the posts or the settings. Security definer: the writer (an admin through the api) has no rights on the private schema.';

revoke all on function private.bump_site_content_version() from public;

create trigger blog_posts_bump_site_content_version
  after insert or update or delete or truncate
  on public.blog_posts
  for each statement
  execute function private.bump_site_content_version();

create trigger site_settings_bump_site_content_version
  after insert or update or delete or truncate
  on public.site_settings
  for each statement
  execute function private.bump_site_content_version();

-- ---------------------------------------------------------------------------
-- author_name: who the structured data and link previews name as the author
-- ---------------------------------------------------------------------------

insert into public.site_settings (key, language, value, description)
select 'author_name', l.language, '', 'Seu nome, como autora dos posts nos resultados de busca e nas prévias de links (dados estruturados). Vazio: o título do site.'
from (values ('pt'), ('en')) as l (language)
on conflict (key, language) do nothing;
