-- migration: writing with others and keeping every version (issue 26)
-- purpose: every save of a post keeps the version it replaces
--          (public.blog_post_revisions, written by a trigger in the save's own
--          transaction); secret review links let a client read a draft as it
--          will be published (public.blog_post_review_links holds only each
--          token's sha-256; public.review_post(token) is the one way in);
--          a published post carries dated public corrections
--          (public.blog_post_corrections), and blog_posts.revised_at says when
--          readers last saw its text change: a silent edit after publication or
--          a correction. revisions and links are the admin's alone.
-- affects: column public.blog_posts.revised_at; function
--          public.blog_posts_set_updated_at (replaced: revised_at is not an
--          edit); tables public.blog_post_revisions,
--          public.blog_post_review_links, public.blog_post_corrections;
--          functions public.create_review_link(uuid, integer),
--          public.review_post(text), public.import_corrections(jsonb),
--          private.blog_posts_keep_revision(), private.blog_posts_mark_revised(),
--          private.blog_post_corrections_mark_revised()

-- ---------------------------------------------------------------------------
-- when readers last saw the text change
-- ---------------------------------------------------------------------------

alter table public.blog_posts add column revised_at timestamptz;

comment on column public.blog_posts.revised_at is 'When the text readers see last changed after publication: a save of a public post that changed its title, excerpt or content, or a correction. Null while it reads as first published. Set by triggers, never by clients; the page''s "Atualizado em", JSON-LD dateModified and the feed item''s update date.';

-- a correction stamps revised_at on the post: that is not an edit of the
-- post, and must not look like one to an open dialog's edit-conflict check.
create or replace function public.blog_posts_set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_setting('blog.import_keeps_dates', true) = 'on' and new.updated_at is not null then
    return new;
  end if;
  -- linking, unlinking, the translation flag and a correction's stamp leave
  -- the last edit alone (as does a write that changes nothing else).
  if tg_op = 'UPDATE'
     and (to_jsonb(new) - array['translation_group', 'translation_outdated', 'updated_at', 'revised_at'])
       = (to_jsonb(old) - array['translation_group', 'translation_outdated', 'updated_at', 'revised_at']) then
    new.updated_at := old.updated_at;
    return new;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.blog_posts_set_updated_at() is 'Trigger: stamps blog_posts.updated_at with the time of the write, unless only the translation link or flag or revised_at changed, or public.import_posts gives the date.';

create or replace function private.blog_posts_mark_revised()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- an import's own writes leave it as it is (a restored post gets it back
  -- from its corrections); a correction's trigger stamps it.
  if current_setting('blog.import_keeps_dates', true) = 'on'
     or current_setting('blog.stamping_correction', true) = 'on' then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.revised_at := null;
    return new;
  end if;
  new.revised_at := old.revised_at;
  if old.published and old.date <= public.site_now() and new.published
     and (new.title, new.excerpt, new.content) is distinct from (old.title, old.excerpt, old.content) then
    new.revised_at := now();
  end if;
  return new;
end;
$$;

comment on function private.blog_posts_mark_revised() is 'Trigger: blog_posts.revised_at follows the public text (a save that changes title, excerpt or content of a post readers can already see); clients cannot set it.';

revoke all on function private.blog_posts_mark_revised() from public;

create trigger blog_posts_mark_revised
  before insert or update
  on public.blog_posts
  for each row
  execute function private.blog_posts_mark_revised();

-- ---------------------------------------------------------------------------
-- revisions
-- ---------------------------------------------------------------------------

-- policy (decision 220): every revision is kept for as long as its post
-- exists. a save writes one row of the post's own size; a post saved a
-- thousand times at 40 kB is 40 MB, which no plan of hers will meet in a
-- lifetime, and a bound would drop exactly the old versions she may want.
create table public.blog_post_revisions (
  id bigint generated always as identity primary key,
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  -- when this version was saved (the post's updated_at then), and when a later save replaced it.
  saved_at timestamptz not null,
  replaced_at timestamptz not null default now(),
  title text not null,
  excerpt text,
  content text,
  category text,
  read_time text not null,
  image_url text,
  image_alt text,
  slug text not null,
  published boolean not null,
  date timestamptz not null
);

comment on table public.blog_post_revisions is 'Each version of a post that a save replaced, written by trigger blog_posts_keep_revision in the same transaction as the save. Kept while the post exists (deleting the post deletes them); the admin''s alone.';

create index blog_post_revisions_post_idx on public.blog_post_revisions (post_id, id desc);

alter table public.blog_post_revisions enable row level security;

create policy "Admins can read the revisions"
  on public.blog_post_revisions for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the revisions needs the admin's second factor"
  on public.blog_post_revisions as restrictive for select to authenticated
  using ((select public.has_required_aal()));

-- read only: rows are written by the trigger below and go with their post.
grant select on table public.blog_post_revisions to authenticated;

create or replace function private.blog_posts_keep_revision()
returns trigger
language plpgsql
-- definer: the save is hers, the history is written for her; no api role may insert into it.
security definer
set search_path = ''
as $$
begin
  insert into public.blog_post_revisions
    (post_id, saved_at, title, excerpt, content, category, read_time, image_url, image_alt, slug, published, date)
  values
    (old.id, old.updated_at, old.title, old.excerpt, old.content, old.category, old.read_time, old.image_url,
     old.image_alt, old.slug, old.published, old.date);
  return null;
end;
$$;

comment on function private.blog_posts_keep_revision() is 'Trigger: keeps the version a save of blog_posts replaces in public.blog_post_revisions, in the same transaction.';

revoke all on function private.blog_posts_keep_revision() from public;

create trigger blog_posts_keep_revision
  after update
  on public.blog_posts
  for each row
  when ((old.title, old.excerpt, old.content, old.category, old.read_time, old.image_url, old.image_alt,
         old.slug, old.published, old.date)
        is distinct from
        (new.title, new.excerpt, new.content, new.category, new.read_time, new.image_url, new.image_alt,
         new.slug, new.published, new.date))
  execute function private.blog_posts_keep_revision();

-- ---------------------------------------------------------------------------
-- review links
-- ---------------------------------------------------------------------------

create table public.blog_post_review_links (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  -- sha-256 of the token: the token itself is shown once, to her, and never stored.
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint blog_post_review_links_hash_valid check (octet_length(token_hash) = 32)
);

comment on table public.blog_post_review_links is 'Secret links to read a post as it will be published, for whoever she sends one to. Each lives from 1 to 30 days; revoking deletes it. Only a token''s sha-256 is kept; public.review_post(token) is the only read.';

create index blog_post_review_links_post_idx on public.blog_post_review_links (post_id, expires_at);

alter table public.blog_post_review_links enable row level security;

create policy "Admins can see the review links"
  on public.blog_post_review_links for select to authenticated
  using ((select public.is_admin()));
create policy "Seeing the review links needs the admin's second factor"
  on public.blog_post_review_links as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Admins can revoke review links"
  on public.blog_post_review_links for delete to authenticated
  using ((select public.is_admin()));
create policy "Revoking review links needs the admin's second factor"
  on public.blog_post_review_links as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

-- the hash is no api role's, hers included; links are made by create_review_link.
grant select (id, post_id, created_at, expires_at) on table public.blog_post_review_links to authenticated;
grant delete on table public.blog_post_review_links to authenticated;

-- a new link for a post: 64 hex digits (two random uuids: 244 random bits),
-- returned once. expired links go on the way.
create or replace function public.create_review_link(post_id uuid, days integer default 7)
returns table (id uuid, token text, expires_at timestamptz)
language plpgsql
-- definer: the token's hash is written where no api role may write.
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  made_token text;
  made public.blog_post_review_links;
begin
  if not (public.is_admin() and public.has_required_aal()) then
    raise exception 'Only the admin makes review links.' using errcode = 'insufficient_privilege';
  end if;
  if days is null or days < 1 or days > 30 then
    raise exception 'A review link lives from 1 to 30 days.' using errcode = 'invalid_parameter_value';
  end if;
  if not exists (select 1 from public.blog_posts p where p.id = create_review_link.post_id) then
    raise exception 'There is no such post.' using errcode = 'no_data_found';
  end if;
  delete from public.blog_post_review_links l where l.expires_at <= public.site_now();
  made_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  insert into public.blog_post_review_links (post_id, token_hash, expires_at)
  values (create_review_link.post_id, sha256(convert_to(made_token, 'UTF8')), public.site_now() + make_interval(days => days))
  returning * into made;
  id := made.id;
  token := made_token;
  expires_at := made.expires_at;
  return next;
end;
$$;

comment on function public.create_review_link(uuid, integer) is 'The admin''s new review link for a post, valid 1 to 30 days (7 by default): its id, its token (shown this once) and when it expires.';

-- the post a live review link leads to, as it stands; nothing for any other
-- token (wrong, expired, revoked, or its post deleted), the same nothing.
create or replace function public.review_post(token text)
returns setof public.blog_posts
language sql
stable
-- definer: a draft is no reader's to select; the token is the permission.
security definer
set search_path = ''
as $$
  select p.*
    from public.blog_post_review_links l
    join public.blog_posts p on p.id = l.post_id
   where length(review_post.token) = 64
     and l.token_hash = sha256(convert_to(review_post.token, 'UTF8'))
     and l.expires_at > public.site_now();
$$;

comment on function public.review_post(text) is 'A review link''s post for whoever holds the token: the row while the link lives, no row otherwise (whatever the reason).';

revoke all on function public.create_review_link(uuid, integer) from public;
revoke all on function public.review_post(text) from public;
grant execute on function public.create_review_link(uuid, integer) to authenticated, service_role;
grant execute on function public.review_post(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- corrections
-- ---------------------------------------------------------------------------

create table public.blog_post_corrections (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  note text not null,
  created_at timestamptz not null default now(),
  -- trimmed on the way in (trigger below): some text, at most 500 characters in all.
  constraint blog_post_corrections_note_valid check (note ~ '[^[:space:]]' and char_length(note) <= 500)
);

comment on table public.blog_post_corrections is 'Dated public corrections of a published post, shown at its end oldest first ("Correção (24 de novembro de 2026): …"). Readable by whoever may read the post.';

create index blog_post_corrections_post_idx on public.blog_post_corrections (post_id, created_at);
-- the same note at the same time on the same post is one correction: a restore run twice, or two at once, adds it once.
create unique index blog_post_corrections_once on public.blog_post_corrections (post_id, created_at, md5(note));

alter table public.blog_post_corrections enable row level security;

-- reading: blog_posts' own policies decide (drafts, scheduled posts, second
-- factor). adding: only to a text readers have seen (published, its date
-- reached), never to a scheduled post.
create policy "Anyone can read the corrections of posts they may read"
  on public.blog_post_corrections for select to anon, authenticated
  using (exists (select 1 from public.blog_posts p where p.id = post_id));
create policy "Admins can correct published posts"
  on public.blog_post_corrections for insert to authenticated
  with check ((select public.is_admin())
              and exists (select 1 from public.blog_posts p
                           where p.id = post_id and p.published and p.date <= (select public.site_now())));
create policy "Correcting needs the admin's second factor"
  on public.blog_post_corrections as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Admins can withdraw corrections"
  on public.blog_post_corrections for delete to authenticated
  using ((select public.is_admin()));
create policy "Withdrawing corrections needs the admin's second factor"
  on public.blog_post_corrections as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

grant select on table public.blog_post_corrections to anon, authenticated;
-- not created_at: a correction is dated by the database (a restore keeps the
-- backup's dates through import_corrections, which checks who calls it).
grant insert (post_id, note) on table public.blog_post_corrections to authenticated;
grant delete on table public.blog_post_corrections to authenticated;

create or replace function private.blog_post_corrections_trim_note()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.note := regexp_replace(new.note, '^[[:space:]]+|[[:space:]]+$', '', 'g');
  return new;
end;
$$;

comment on function private.blog_post_corrections_trim_note() is 'Trigger: a correction''s note without the white space around it (the 500 characters are the note''s own).';

revoke all on function private.blog_post_corrections_trim_note() from public;

create trigger blog_post_corrections_trim_note
  before insert
  on public.blog_post_corrections
  for each row
  execute function private.blog_post_corrections_trim_note();

create or replace function private.blog_post_corrections_mark_revised()
returns trigger
language plpgsql
-- definer: stamping the post is the correction's consequence, not a second permission to ask for.
security definer
set search_path = ''
as $$
begin
  perform set_config('blog.stamping_correction', 'on', true);
  update public.blog_posts p
     set revised_at = greatest(p.revised_at, new.created_at)
   where p.id = new.post_id;
  perform set_config('blog.stamping_correction', 'off', true);
  return null;
end;
$$;

comment on function private.blog_post_corrections_mark_revised() is 'Trigger: a correction dates the post''s last public change (blog_posts.revised_at), leaving its last edit (updated_at) as it was.';

revoke all on function private.blog_post_corrections_mark_revised() from public;

create trigger blog_post_corrections_mark_revised
  after insert
  on public.blog_post_corrections
  for each row
  execute function private.blog_post_corrections_mark_revised();

create trigger blog_post_corrections_bump_site_content_version
  after insert or update or delete or truncate
  on public.blog_post_corrections
  for each statement
  execute function private.bump_site_content_version();

-- ---------------------------------------------------------------------------
-- corrections come back with a restored backup
-- ---------------------------------------------------------------------------

-- each element: post_id, note, created_at (required: the backup's date). a
-- correction already there (the same post, time and note) is skipped, so a
-- backup restored twice, or twice at once, adds nothing; one of a post that
-- is not public now is left out (a correction belongs to a text readers have
-- seen); a date ahead of now is brought back to now. returns how many were
-- added.
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
  if not (public.is_admin() and public.has_required_aal()) then
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

comment on function public.import_corrections(jsonb) is 'Restores a backup''s corrections (post_id, note, created_at), skipping those already present and those of posts not public now; the admin only.';

revoke all on function public.import_corrections(jsonb) from public;
grant execute on function public.import_corrections(jsonb) to authenticated, service_role;
