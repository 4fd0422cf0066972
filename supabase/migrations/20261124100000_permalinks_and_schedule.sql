-- migration: worded permalinks and scheduled publishing (issue 23)
-- purpose: every post gets a slug, made by the database from its title when
--          none is given (whatever writes it: the admin panel, supabase-js, an
--          import), unique within its language, so its address is /pt/<slug> or
--          /en/<slug>; every slug a post ever had while published keeps leading
--          to it (public.blog_post_slugs). a post marked published whose date
--          lies in the future is scheduled: until that minute readers see it
--          exactly as a draft (the select policies compare the date with the
--          site's clock), and at that minute it is public with no process of
--          ours running: the rule lives here, so hosted projects get it with
--          supabase db push.
-- affects: extension unaccent; table private.site_clock, function
--          public.site_now(); column public.blog_posts.slug, table
--          public.blog_post_slugs, functions public.slugify(text),
--          private.unique_post_slug(…), triggers on public.blog_posts;
--          the select policies of public.blog_posts

-- transliteration: postgres's own unaccent (á → a, ç → c, ß → ss, œ → oe …),
-- available on hosted projects and in the embedded database alike.
create extension if not exists unaccent with schema extensions;

-- ---------------------------------------------------------------------------
-- the site's clock
-- ---------------------------------------------------------------------------

-- one row: the skew tests give the clock, so a post scheduled minutes ahead can
-- be seen going public without waiting. on a real site it stays zero.
create table private.site_clock (
  singleton boolean not null default true,
  skew interval not null default interval '0',
  constraint site_clock_pkey primary key (singleton),
  constraint site_clock_singleton check (singleton)
);

comment on table private.site_clock is 'One row: how far the site''s clock (public.site_now()) is ahead of the database''s now(). Zero on a real site; tests move it to see scheduled posts go public. Only the database owner may change it.';

insert into private.site_clock default values;
alter table private.site_clock enable row level security;

-- moving the clock changes what readers may see: pages kept by the local
-- backend must be made again, as after a write.
create trigger site_clock_bump_site_content_version
  after update
  on private.site_clock
  for each statement
  execute function private.bump_site_content_version();

-- security definer: the api roles may not read the private schema.
create or replace function public.site_now()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select now() + coalesce((select skew from private.site_clock), interval '0');
$$;

comment on function public.site_now() is 'The site''s clock: now(), plus the skew tests may set in private.site_clock. A published post is public once its date is not after it.';

revoke execute on function public.site_now() from public;
grant execute on function public.site_now() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- slugs
-- ---------------------------------------------------------------------------

-- the words of a title as an address: accents folded, lower case, runs of
-- anything else than a-z and 0-9 become one hyphen, at most 80 characters cut
-- at a word; "post" when nothing is left (a title of only symbols).
-- security definer: unaccent belongs to whoever installed the extension, and
-- the admin's preview (rpc('slugify')) must not depend on its grants; it reads
-- no table.
create or replace function public.slugify(value text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(trim(both '-' from coalesce(substring(words from '^.{0,80}(?=-|$)'), left(words, 80))), ''), 'post')
    from (select trim(both '-' from regexp_replace(
                   lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, ''))),
                   '[^a-z0-9]+', '-', 'g')) as words) as t;
$$;

comment on function public.slugify(text) is 'A title as the words of an address: accents folded (unaccent), lower case, a-z 0-9 and single hyphens, at most 80 characters; ''post'' when nothing is left.';

revoke execute on function public.slugify(text) from public;
grant execute on function public.slugify(text) to authenticated, service_role;

alter table public.blog_posts add column slug text;

comment on column public.blog_posts.slug is 'The post''s address within its language: /pt/<slug> or /en/<slug>. Made from the title when none is given; a-z, 0-9 and hyphens; unique within the language, and never one another post had (public.blog_post_slugs).';

-- every slug a post has or had, per language: the current one, and the old
-- ones that keep redirecting to it. a slug is taken while its post exists;
-- deleting the post frees it.
create table public.blog_post_slugs (
  language text not null,
  slug text not null,
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  -- an address readers may have seen (the post was published with it) is kept
  -- for good; a draft's passing slugs are forgotten when they change.
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  constraint blog_post_slugs_pkey primary key (language, slug)
);

comment on table public.blog_post_slugs is 'Every slug a post has or had while published, per language: /<language>/<old slug> answers a permanent redirect to the post''s current address. Written by the triggers of public.blog_posts only.';
comment on column public.blog_post_slugs.shared is 'True once the post was published with this slug: then it is kept, and keeps redirecting, after the slug changes.';

create index blog_post_slugs_post_id_idx on public.blog_post_slugs (post_id);

alter table public.blog_post_slugs enable row level security;

-- a reader may follow an old address of a post she may read, nothing else.
create policy "Anyone can read the addresses of posts they may read"
  on public.blog_post_slugs
  for select
  to anon, authenticated
  using (exists (select 1 from public.blog_posts p where p.id = post_id));

grant select on table public.blog_post_slugs to anon, authenticated;
grant all on table public.blog_post_slugs to service_role;

-- words the site may one day serve under /pt and /en themselves.
create or replace function private.is_reserved_slug(slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select slug in ('rss', 'feed', 'atom', 'sitemap', 'page', 'pagina', 'category', 'categoria', 'search', 'busca',
                  'tag', 'tags', 'author', 'autora', 'archive', 'arquivo', 'newsletter', 'assinar', 'subscribe',
                  'admin', 'auth', 'post', 'posts', 'api', 'og', 'assets', 'static');
$$;

-- the first of base, base-2, base-3 … free in the language for this post.
create or replace function private.unique_post_slug(base text, post_language text, post_id uuid)
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
       and not exists (select 1 from public.blog_post_slugs s
                        where s.language = post_language and s.slug = candidate and s.post_id <> unique_post_slug.post_id)
       and not exists (select 1 from public.blog_posts p
                        where p.language = post_language and p.slug = candidate and p.id <> unique_post_slug.post_id) then
      return candidate;
    end if;
    n := n + 1;
    candidate := rtrim(left(base, 80 - length('-' || n)), '-') || '-' || n;
  end loop;
end;
$$;

-- before a post is written: its slug made (from the title) or checked (when
-- she typed one). security definer: the writer may not read other posts'
-- slugs through rls (an admin may; this keeps it so for any writer).
create or replace function private.blog_posts_assign_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  given text := nullif(btrim(coalesce(new.slug, '')), '');
  automatic boolean;
begin
  if tg_op = 'UPDATE' and given is not distinct from old.slug then
    -- another language: the same words if they are free there, else -2 …
    if new.language <> old.language then
      new.slug := private.unique_post_slug(old.slug, new.language, new.id);
      return new;
    end if;
    -- a draft's address follows its title while it was made from it (slugs
    -- hold only a-z, 0-9 and hyphens: nothing to escape); a post readers may
    -- have seen keeps its address unless she changes it.
    automatic := not old.published and new.title is distinct from old.title
      and old.slug ~ ('^' || public.slugify(old.title) || '(-[0-9]+)?$');
    if not automatic then
      return new;
    end if;
    given := null;
  end if;

  if given is null then
    new.slug := private.unique_post_slug(public.slugify(new.title), new.language, new.id);
    return new;
  end if;

  if given !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(given) > 80 then
    raise exception 'The address "%" may hold only a-z, 0-9 and single hyphens between them, at most 80 characters.', given
      using errcode = 'check_violation', constraint = 'blog_posts_slug_format', detail = 'slug_format',
            hint = 'Use lower-case letters without accents, digits and hyphens, e.g. comunicacao-de-crise.';
  end if;
  if private.is_reserved_slug(given) or private.unique_post_slug(given, new.language, new.id) <> given then
    raise exception 'The address "%" is already used in this language.', given
      using errcode = 'unique_violation', constraint = 'blog_posts_language_slug_key', detail = 'slug_taken',
            hint = 'Choose another address: each post of a language has its own, and old addresses keep leading to their posts.';
  end if;
  new.slug := given;
  return new;
end;
$$;

comment on function private.blog_posts_assign_slug() is 'Trigger: makes a post''s slug from its title when none is given (unique in the language: -2, -3 …), follows a draft''s title while the slug was made from it, and checks a slug she typed (format 23514 blog_posts_slug_format; taken 23505 blog_posts_language_slug_key).';

-- after: the slug is recorded, and a draft's passing slug forgotten.
create or replace function private.blog_posts_record_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.blog_post_slugs (language, slug, post_id, shared)
  values (new.language, new.slug, new.id, new.published)
  on conflict (language, slug) do update set shared = public.blog_post_slugs.shared or excluded.shared
    where public.blog_post_slugs.post_id = excluded.post_id;
  -- another post took it meanwhile (two writers at once): refuse, as the check before would have.
  if not found then
    raise exception 'The address "%" is already used in this language.', new.slug
      using errcode = 'unique_violation', constraint = 'blog_posts_language_slug_key', detail = 'slug_taken';
  end if;
  if tg_op = 'UPDATE' and (new.slug, new.language) is distinct from (old.slug, old.language) then
    delete from public.blog_post_slugs
     where post_id = new.id and language = old.language and slug = old.slug and not shared;
  end if;
  return null;
end;
$$;

comment on function private.blog_posts_record_slug() is 'Trigger: records each slug of a post in public.blog_post_slugs (shared once published with it) and forgets a slug it had only as a draft.';

revoke all on function private.is_reserved_slug(text), private.unique_post_slug(text, text, uuid),
  private.blog_posts_assign_slug(), private.blog_posts_record_slug() from public;

-- existing posts: slugs from their titles, oldest first, so an older post keeps
-- the plain address and a later namesake gets -2.
do $$
declare
  p record;
begin
  for p in select id, title, language from public.blog_posts order by created_at, id loop
    update public.blog_posts
       set slug = private.unique_post_slug(public.slugify(p.title), p.language, p.id)
     where id = p.id;
    insert into public.blog_post_slugs (language, slug, post_id, shared)
    select language, slug, id, published from public.blog_posts where id = p.id;
  end loop;
end
$$;

-- the default is blank, which the trigger below turns into the title's slug:
-- a client (or a generated type) may leave the column out.
alter table public.blog_posts
  alter column slug set default '',
  alter column slug set not null,
  add constraint blog_posts_language_slug_key unique (language, slug),
  add constraint blog_posts_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80);

-- after blog_posts_check_category (triggers of one timing run in name order).
create trigger blog_posts_slug
  before insert or update
  on public.blog_posts
  for each row
  execute function private.blog_posts_assign_slug();

-- (not "update of slug": the slug a draft's new title gives is set by the
-- trigger before, and the statement names only the title.)
create trigger blog_posts_slug_recorded
  after insert
  on public.blog_posts
  for each row
  execute function private.blog_posts_record_slug();

create trigger blog_posts_slug_changed
  after update
  on public.blog_posts
  for each row
  when (new.slug is distinct from old.slug or new.language is distinct from old.language or new.published is distinct from old.published)
  execute function private.blog_posts_record_slug();

-- ---------------------------------------------------------------------------
-- scheduled posts: public from their date on
-- ---------------------------------------------------------------------------

drop policy "Visitors can read published posts" on public.blog_posts;
create policy "Visitors can read published posts from their date on"
  on public.blog_posts
  for select
  to anon
  using (published and date <= (select public.site_now()));

drop policy "Signed-in users can read published posts and admins all posts" on public.blog_posts;
create policy "Signed-in users read posts from their date on, admins all posts"
  on public.blog_posts
  for select
  to authenticated
  using ((published and date <= (select public.site_now())) or (select public.is_admin()));

drop policy "Drafts need the caller's second factor" on public.blog_posts;
create policy "Drafts and scheduled posts need the caller's second factor"
  on public.blog_posts
  as restrictive
  for select
  to authenticated
  using ((published and date <= (select public.site_now())) or (select public.has_required_aal()));

comment on column public.blog_posts.date is 'Publication date shown to readers; set to now on creation and kept on edits. A published post whose date lies ahead is scheduled: invisible to readers, like a draft, until public.site_now() reaches it.';
comment on column public.blog_posts.published is 'False: draft, only admins see it. True: public from its date on (a later date: scheduled).';

-- the scheduled posts' next times, read by the local backend's publication clock.
create index blog_posts_scheduled_idx on public.blog_posts (date) where published;
