-- migration: blog posts
-- purpose: the posts of the bilingual blog (spec §3), readable by everyone when
--          published, managed by admins only.
-- affects: table public.blog_posts, function public.blog_posts_check_category()

-- ---------------------------------------------------------------------------
-- table
-- ---------------------------------------------------------------------------

create table public.blog_posts (
  id uuid not null default gen_random_uuid(),
  title text not null,
  excerpt text,
  content text,
  category text,
  date timestamptz not null default now(),
  read_time text not null default '5 min',
  image_url text,
  language text not null default 'en',
  published boolean not null default false,
  created_at timestamptz not null default now(),
  constraint blog_posts_pkey primary key (id),
  constraint blog_posts_title_not_blank check (btrim(title) <> ''),
  constraint blog_posts_language_valid check (language in ('pt', 'en'))
);

comment on table public.blog_posts is 'Blog posts in Portuguese or English. Visitors see published posts; admins manage all of them.';
comment on column public.blog_posts.id is 'Post id, used in the public address /post/{id}.';
comment on column public.blog_posts.title is 'Post title; required and not blank.';
comment on column public.blog_posts.excerpt is 'Short summary shown on the post card and above the content; optional.';
comment on column public.blog_posts.content is 'Post body as plain text; line breaks are kept when shown.';
comment on column public.blog_posts.category is 'Optional; one of the fixed categories of the post''s language (spec §9), checked by trigger blog_posts_check_category.';
comment on column public.blog_posts.date is 'Publication date shown to readers; set to now on creation and kept on edits.';
comment on column public.blog_posts.read_time is 'Reading time as displayed, e.g. ''5 min''.';
comment on column public.blog_posts.image_url is 'Header image address; optional (the site shows a placeholder).';
comment on column public.blog_posts.language is 'Language of the post: ''pt'' or ''en''.';
comment on column public.blog_posts.published is 'False: draft, only admins see it. True: public.';
comment on column public.blog_posts.created_at is 'When the row was created; orders the admin list.';

-- ---------------------------------------------------------------------------
-- category must belong to the post's language
-- ---------------------------------------------------------------------------

-- a trigger rather than a check constraint so the refusal names the wrong value
-- and the valid ones. it raises check_violation (23514) like a check would, so
-- clients see the same code (postgrest answers 400).
create or replace function public.blog_posts_check_category()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  allowed text[];
begin
  -- a blank category means "no category"
  if new.category is not null and btrim(new.category) = '' then
    new.category := null;
  end if;

  if new.category is null then
    return new;
  end if;

  allowed := case new.language
    when 'en' then array['Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others']
    when 'pt' then array['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros']
  end;

  -- an unknown language is left to the blog_posts_language_valid constraint
  if allowed is null then
    return new;
  end if;

  if not (new.category = any (allowed)) then
    raise exception 'Category "%" is not valid for a post in %. Use one of: %.',
        new.category, new.language, array_to_string(allowed, ', ')
      using errcode = 'check_violation',
            constraint = 'blog_posts_category_valid',
            schema = 'public',
            table = 'blog_posts',
            column = 'category',
            hint = 'Categories are fixed per language (spec §9); changing the language needs a category of the new language, or none.';
  end if;

  return new;
end;
$$;

comment on function public.blog_posts_check_category() is 'Trigger: refuses a blog post whose category is not one of the fixed categories of its language; a blank category becomes null.';

create trigger blog_posts_check_category
  before insert or update of category, language
  on public.blog_posts
  for each row
  execute function public.blog_posts_check_category();

-- ---------------------------------------------------------------------------
-- indexes
-- ---------------------------------------------------------------------------

-- public listing: language = ? and published order by date desc (also serves the
-- "published" read of the policies and the post detail's published filter).
create index blog_posts_language_published_date_idx
  on public.blog_posts (language, published, date desc);

-- admin listing: order by created_at desc.
create index blog_posts_created_at_idx
  on public.blog_posts (created_at desc);

-- ---------------------------------------------------------------------------
-- row level security
-- ---------------------------------------------------------------------------

alter table public.blog_posts enable row level security;

-- select
create policy "Visitors can read published posts"
  on public.blog_posts
  for select
  to anon
  using (published);

create policy "Signed-in users can read published posts and admins all posts"
  on public.blog_posts
  for select
  to authenticated
  using (published or (select public.is_admin()));

-- insert
create policy "Admins can create posts"
  on public.blog_posts
  for insert
  to authenticated
  with check ((select public.is_admin()));

-- update
create policy "Admins can update posts"
  on public.blog_posts
  for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- delete
create policy "Admins can delete posts"
  on public.blog_posts
  for delete
  to authenticated
  using ((select public.is_admin()));

-- no insert/update/delete policy for anon: visitors never write.

-- ---------------------------------------------------------------------------
-- grants (as supabase sets them: the api roles get the table, rls decides)
-- ---------------------------------------------------------------------------

grant select, insert, update, delete on table public.blog_posts to anon, authenticated;
grant all on table public.blog_posts to service_role;
