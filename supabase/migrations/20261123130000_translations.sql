-- migration: linked translations (issue 13)
-- purpose: a post and its version in the other language are linked: posts
--          that share a translation_group are translations of each other, at
--          most one per language. the database also keeps, per post, whether
--          its text lags behind its counterpart's (translation_outdated), so
--          the admin sees which translation needs work. linking, unlinking
--          and that flag are not edits of a post: updated_at (the last edit,
--          shown to search engines as dateModified) does not move for them.
-- affects: columns public.blog_posts.translation_group and
--          translation_outdated, index blog_posts_translation_group_language_key,
--          function and trigger blog_posts_track_translation, function
--          public.blog_posts_set_updated_at (replaced)

-- ---------------------------------------------------------------------------
-- columns
-- ---------------------------------------------------------------------------

alter table public.blog_posts
  add column translation_group uuid,
  add column translation_outdated boolean not null default false;

comment on column public.blog_posts.translation_group is 'Posts with the same value are translations of each other (one per language); null: not linked.';
comment on column public.blog_posts.translation_outdated is 'True when the linked post''s title, excerpt or text changed after this post was last brought in line with it; kept by trigger blog_posts_track_translation.';

-- one post per language in a group; null groups are not linked and never
-- conflict. also finds a post's counterpart.
create unique index blog_posts_translation_group_language_key
  on public.blog_posts (translation_group, language)
  where translation_group is not null;

-- ---------------------------------------------------------------------------
-- updated_at: an edit of the post itself, not of its link
-- ---------------------------------------------------------------------------

create or replace function public.blog_posts_set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- linking, unlinking and the translation flag leave the last edit alone
  -- (as does a write that changes nothing else); a client still cannot set
  -- updated_at itself.
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

comment on function public.blog_posts_set_updated_at() is 'Trigger: stamps blog_posts.updated_at with the time of the write, unless only the translation link or flag changed.';

-- ---------------------------------------------------------------------------
-- the translation rules
-- ---------------------------------------------------------------------------

-- who is behind whom: when a linked post's title, excerpt or text changes,
-- its counterpart becomes outdated, unless this post was the outdated one:
-- then this save is the catch-up and both are in step again. a new link
-- starts in step. (comparing edit times cannot tell a change from a
-- catch-up: the translation is always edited after its original.)
create or replace function public.blog_posts_track_translation()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  taken record;
  joined boolean := tg_op = 'INSERT' or new.translation_group is distinct from old.translation_group;
begin
  if new.translation_group is not null
     and (joined or new.language is distinct from old.language) then
    -- the unique index is the guarantee; this names the post in the way.
    select id, title into taken
      from public.blog_posts
     where translation_group = new.translation_group
       and language = new.language
       and id <> new.id
     limit 1;
    if found then
      raise exception 'This post is already linked to a post in the same language ("%"): a post has at most one translation per language.', taken.title
        using errcode = 'unique_violation',
              constraint = 'blog_posts_translation_group_language_key',
              schema = 'public',
              table = 'blog_posts',
              detail = format('Post %s already has language %s in translation group %s.', taken.id, new.language, new.translation_group),
              hint = 'Unlink the other post first, or link a post of the other language.';
    end if;
  end if;

  if joined then
    new.translation_outdated := false;
    if new.translation_group is not null then
      update public.blog_posts
         set translation_outdated = false
       where translation_group = new.translation_group
         and id <> new.id
         and translation_outdated;
    end if;
    return new;
  end if;

  if new.translation_group is not null
     and (new.title, new.excerpt, new.content) is distinct from (old.title, old.excerpt, old.content) then
    if old.translation_outdated then
      new.translation_outdated := false;
    else
      update public.blog_posts
         set translation_outdated = true
       where translation_group = new.translation_group
         and id <> new.id
         and not translation_outdated;
    end if;
  end if;
  return new;
end;
$$;

comment on function public.blog_posts_track_translation() is 'Trigger: refuses a second post of one language in a translation group with a clear message, and keeps translation_outdated (a text change outdates the counterpart; the outdated side''s next text change brings both in step).';

-- security invoker (the default): the counterpart's flag is written with the
-- writer's own rights, which rls gives to admins only.
create trigger blog_posts_track_translation
  before insert or update of translation_group, language, title, excerpt, content
  on public.blog_posts
  for each row
  execute function public.blog_posts_track_translation();

-- ---------------------------------------------------------------------------
-- a post's group, made when it has none
-- ---------------------------------------------------------------------------

-- the first step of "translate" and "link": the post gets a group of its own
-- if it has none (harmless alone: a group of one is "no translation"), and the
-- new or linked post then joins it in one write that the unique index guards.
-- the database makes the uuid, so a browser on plain http (no
-- crypto.randomUUID) can link too. security invoker: rls decides who may;
-- a post it hides and a missing post get the same 404.
create or replace function public.ensure_translation_group(post_id uuid)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  grp uuid;
begin
  update public.blog_posts
     set translation_group = coalesce(translation_group, gen_random_uuid())
   where id = post_id
  returning translation_group into grp;
  if grp is null then
    raise exception 'No post % that you may change.', post_id
      using errcode = 'PT404',
            hint = 'Only admins link translations, and the post must exist.';
  end if;
  return grp;
end;
$$;

comment on function public.ensure_translation_group(uuid) is 'Gives the post a translation group if it has none and returns its group; refuses (PT404: postgrest answers 404) a post the caller may not change or that does not exist.';

revoke execute on function public.ensure_translation_group(uuid) from public;
grant execute on function public.ensure_translation_group(uuid) to authenticated, service_role;
