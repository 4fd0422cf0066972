-- migration: her site followed from the fediverse (issue 45)
-- purpose: one activitypub account per language (@pt@host, @en@host), whose
--          rsa keys are generated once by the server and kept where no api
--          role reaches them (private.fediverse_keys, like the other secrets);
--          the accounts' followers, the replies that wait for her moderation,
--          the likes and boosts of her posts, the servers and people she
--          blocked; and the durable queue every outgoing activity waits in
--          (private.fediverse_outbox → private.fediverse_deliveries, one row
--          per activity and inbox: "once" is the schema's unique key). the
--          server's federation library (fedify) keeps its caches in
--          private.fediverse_kv, so the same tables serve pglite and postgresql.
--          followers, replies awaiting moderation, reactions and blocks are
--          hers alone; visitors read the accounts' handles and the approved
--          replies only.
-- affects: tables public.fediverse_accounts, public.fediverse_followers,
--          public.fediverse_replies, public.fediverse_reactions,
--          public.fediverse_blocks, private.fediverse_keys,
--          private.fediverse_posts, private.fediverse_outbox,
--          private.fediverse_deliveries, private.fediverse_inbox,
--          private.fediverse_kv; functions public.fediverse_remove_follower(uuid),
--          public.fediverse_reaction_counts(), private.fediverse_enqueue_due()

-- ---------------------------------------------------------------------------
-- the accounts
-- ---------------------------------------------------------------------------

create table public.fediverse_accounts (
  language text primary key,
  handle text not null,
  also_known_as text,
  updated_at timestamptz not null default now(),
  constraint fediverse_accounts_language_valid check (language in ('pt', 'en')),
  constraint fediverse_accounts_handle_valid check (handle ~ '^[a-z0-9_]{1,30}$'),
  constraint fediverse_accounts_handle_key unique (handle),
  constraint fediverse_accounts_also_known_as_valid check (also_known_as is null or also_known_as ~ '^https://[^[:space:]]+$')
);

comment on table public.fediverse_accounts is 'Her ActivityPub account of each language: @handle@host. Changing a handle later breaks the follows made under the old one (the admin warns). also_known_as: her earlier account''s address, so that Mastodon''s "Move" can bring its followers here.';

insert into public.fediverse_accounts (language, handle) values ('pt', 'pt'), ('en', 'en');

alter table public.fediverse_accounts enable row level security;

create policy "Anyone can read the fediverse accounts"
  on public.fediverse_accounts for select to anon, authenticated
  using (true);
create policy "Admins can change the fediverse accounts"
  on public.fediverse_accounts for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Changing the fediverse accounts needs the admin's second factor"
  on public.fediverse_accounts as restrictive for update to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));

grant select on table public.fediverse_accounts to anon, authenticated;
grant update (handle, also_known_as) on table public.fediverse_accounts to authenticated;

create or replace function private.fediverse_account_touched()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function private.fediverse_account_touched() from public;

create trigger fediverse_accounts_touched before update on public.fediverse_accounts
  for each row execute function private.fediverse_account_touched();

-- the private keys: no api role, hers included, has any right here; the
-- server (the database owner) generates them once and signs with them.
create table private.fediverse_keys (
  language text primary key references public.fediverse_accounts (language) on delete cascade,
  public_key jsonb not null,
  private_key jsonb not null,
  created_at timestamptz not null default now()
);

comment on table private.fediverse_keys is 'Each account''s RSA key pair as JWK, generated once. The private key never leaves the server: only the database owner reads it (and a backup, which is therefore a secret).';

alter table private.fediverse_keys enable row level security;

-- ---------------------------------------------------------------------------
-- who follows her, whom she blocked
-- ---------------------------------------------------------------------------

create table public.fediverse_followers (
  id uuid primary key default gen_random_uuid(),
  language text not null references public.fediverse_accounts (language) on delete cascade,
  actor_id text not null,
  handle text,
  name text,
  inbox text not null,
  shared_inbox text,
  server text not null,
  followed_at timestamptz not null default now(),
  constraint fediverse_followers_once unique (language, actor_id)
);

comment on table public.fediverse_followers is 'Fediverse accounts following one of her accounts (accepted automatically). server: the host of the follower''s actor, for "block server". Hers alone.';

create index fediverse_followers_server_idx on public.fediverse_followers (server);

alter table public.fediverse_followers enable row level security;

create policy "Admins can read the followers"
  on public.fediverse_followers for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the followers needs the admin's second factor"
  on public.fediverse_followers as restrictive for select to authenticated
  using ((select public.has_required_aal()));

grant select on table public.fediverse_followers to authenticated;

create table public.fediverse_blocks (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  -- a host for a server, an actor id for a person.
  value text not null,
  created_at timestamptz not null default now(),
  constraint fediverse_blocks_kind_valid check (kind in ('server', 'actor')),
  constraint fediverse_blocks_once unique (kind, value)
);

comment on table public.fediverse_blocks is 'Servers and people whose activities her inbox refuses; blocking removes their followers and pending replies.';

alter table public.fediverse_blocks enable row level security;

create policy "Admins can read the blocks"
  on public.fediverse_blocks for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the blocks needs the admin's second factor"
  on public.fediverse_blocks as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Admins can block"
  on public.fediverse_blocks for insert to authenticated
  with check ((select public.is_admin()));
create policy "Blocking needs the admin's second factor"
  on public.fediverse_blocks as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Admins can unblock"
  on public.fediverse_blocks for delete to authenticated
  using ((select public.is_admin()));
create policy "Unblocking needs the admin's second factor"
  on public.fediverse_blocks as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

grant select, delete on table public.fediverse_blocks to authenticated;
grant insert (kind, value) on table public.fediverse_blocks to authenticated;

-- ---------------------------------------------------------------------------
-- replies and reactions
-- ---------------------------------------------------------------------------

create table public.fediverse_replies (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  object_id text not null,
  url text,
  actor_id text not null,
  author_name text,
  author_handle text,
  author_url text,
  avatar_url text,
  -- sanitised by the server before it is stored: only what the page may show.
  content text not null,
  published timestamptz not null,
  state text not null default 'pending',
  received_at timestamptz not null default now(),
  moderated_at timestamptz,
  constraint fediverse_replies_object_once unique (object_id),
  constraint fediverse_replies_state_valid check (state in ('pending', 'approved', 'rejected'))
);

comment on table public.fediverse_replies is 'Replies from the fediverse to her posts ("Respostas do fediverso"): pending until she approves or rejects them; visitors see approved ones under the post.';

create index fediverse_replies_post_idx on public.fediverse_replies (post_id, published) where state = 'approved';
create index fediverse_replies_pending_idx on public.fediverse_replies (received_at) where state = 'pending';

alter table public.fediverse_replies enable row level security;

create policy "Anyone can read approved replies to public posts"
  on public.fediverse_replies for select to anon, authenticated
  using (state = 'approved' and exists (
    select 1 from public.blog_posts p where p.id = post_id and p.published and p.date <= public.site_now()));
create policy "Admins can read every reply"
  on public.fediverse_replies for select to authenticated
  using ((select public.is_admin()) and (select public.has_required_aal()));
create policy "Admins can moderate replies"
  on public.fediverse_replies for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Moderating replies needs the admin's second factor"
  on public.fediverse_replies as restrictive for update to authenticated
  using ((select public.has_required_aal())) with check ((select public.has_required_aal()));
create policy "Admins can delete replies"
  on public.fediverse_replies for delete to authenticated
  using ((select public.is_admin()));
create policy "Deleting replies needs the admin's second factor"
  on public.fediverse_replies as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

grant select (id, post_id, url, author_name, author_handle, author_url, avatar_url, content, published, state)
  on table public.fediverse_replies to anon;
grant select on table public.fediverse_replies to authenticated;
grant update (state, moderated_at) on table public.fediverse_replies to authenticated;
grant delete on table public.fediverse_replies to authenticated;

create table public.fediverse_reactions (
  id bigint generated always as identity primary key,
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  kind text not null,
  actor_id text not null,
  activity_id text not null,
  created_at timestamptz not null default now(),
  constraint fediverse_reactions_kind_valid check (kind in ('like', 'boost')),
  constraint fediverse_reactions_once unique (post_id, kind, actor_id)
);

comment on table public.fediverse_reactions is 'Likes and boosts of her posts from the fediverse, one per person and kind; an Undo removes it. Hers alone.';

alter table public.fediverse_reactions enable row level security;

create policy "Admins can read the reactions"
  on public.fediverse_reactions for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the reactions needs the admin's second factor"
  on public.fediverse_reactions as restrictive for select to authenticated
  using ((select public.has_required_aal()));

grant select on table public.fediverse_reactions to authenticated;

-- ---------------------------------------------------------------------------
-- what goes out: the posts announced, the activities, one delivery per inbox
-- ---------------------------------------------------------------------------

-- a post the fediverse was told about, and what it was last told.
create table private.fediverse_posts (
  post_id uuid primary key,
  language text not null,
  -- the post's edit time when last announced (created or updated): a later one sends Update.
  announced_version timestamptz,
  -- set when Delete went out: the address answers 410 Tombstone since.
  deleted_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table private.fediverse_posts is 'Posts announced to the fediverse (Create sent), their last announced version (Update), and whether they were withdrawn (Delete sent; their address answers 410 with a Tombstone). No foreign key: a deleted post''s row stays for its Tombstone.';

alter table private.fediverse_posts enable row level security;

create table private.fediverse_outbox (
  -- the activity's id (its url), the same in every delivery: a receiver that sees it twice ignores the second.
  id text primary key,
  language text not null,
  type text not null,
  post_id uuid,
  -- the activity as sent (json-ld), written once by the server before any delivery is queued.
  body jsonb,
  -- Accept and Reject go to one actor only; Create/Update/Delete to every follower of the language.
  recipient_inbox text,
  recipient_actor text,
  created_at timestamptz not null default now(),
  constraint fediverse_outbox_type_valid check (type in ('Create', 'Update', 'Delete', 'Accept', 'Reject'))
);

comment on table private.fediverse_outbox is 'Every activity her accounts send, in order. Its deliveries are queued once its body is written.';

create index fediverse_outbox_unwritten_idx on private.fediverse_outbox (created_at) where body is null;

alter table private.fediverse_outbox enable row level security;

create table private.fediverse_deliveries (
  id bigint generated always as identity primary key,
  activity_id text not null references private.fediverse_outbox (id) on delete cascade,
  -- a shared inbox where the server has one: one request per server.
  inbox text not null,
  state text not null default 'queued',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claim uuid,
  claimed_until timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  constraint fediverse_deliveries_once unique (activity_id, inbox),
  constraint fediverse_deliveries_state_valid check (state in ('queued', 'sending', 'delivered', 'failed'))
);

comment on table private.fediverse_deliveries is 'One row per activity and inbox: claimed by a worker (for update skip locked, with a lease), retried with backoff on 5xx/429/timeouts, failed for good after days; a 404/410 answer removes the followers behind that inbox.';

create index fediverse_deliveries_due_idx on private.fediverse_deliveries (next_attempt_at, id) where state in ('queued', 'sending');

alter table private.fediverse_deliveries enable row level security;

-- what came in, verified: a log for "once" (the activity id) and for her to look into.
create table private.fediverse_inbox (
  activity_id text primary key,
  type text not null,
  actor_id text not null,
  received_at timestamptz not null default now()
);

comment on table private.fediverse_inbox is 'Each verified activity received, by id: the same activity delivered twice is handled once.';

create index fediverse_inbox_received_idx on private.fediverse_inbox (received_at);

alter table private.fediverse_inbox enable row level security;

-- fedify's key-value store (remote keys and documents cached, idempotence): the owner's alone.
create table private.fediverse_kv (
  key text primary key,
  value jsonb not null,
  expires_at timestamptz
);

comment on table private.fediverse_kv is 'The federation library''s cache (fetched actor keys and documents), with expiry.';

create index fediverse_kv_expires_idx on private.fediverse_kv (expires_at) where expires_at is not null;

alter table private.fediverse_kv enable row level security;

-- ---------------------------------------------------------------------------
-- her actions
-- ---------------------------------------------------------------------------

-- removes a follower and tells their server (Reject of their Follow, sent by the worker).
create or replace function public.fediverse_remove_follower(follower uuid)
returns boolean
language plpgsql
volatile
-- definer: her call must reach the private outbox; checked below.
security definer
set search_path = ''
as $$
declare
  gone public.fediverse_followers;
begin
  if not (public.is_admin() and public.has_required_aal()) then
    raise exception 'only the admin may remove followers' using errcode = '42501';
  end if;
  delete from public.fediverse_followers where id = follower returning * into gone;
  if gone.id is null then
    return false;
  end if;
  insert into private.fediverse_outbox (id, language, type, recipient_inbox, recipient_actor)
  values ('urn:fediverse-reject:' || gen_random_uuid(), gone.language, 'Reject', gone.inbox, gone.actor_id);
  return true;
end;
$$;

-- blocking a server or a person forgets their followers and pending replies at once.
create or replace function private.fediverse_block_applied()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind = 'server' then
    delete from public.fediverse_followers where server = new.value;
    delete from public.fediverse_replies
     where state = 'pending' and substring(actor_id from '^https?://([^/:]+)') = new.value;
  else
    delete from public.fediverse_followers where actor_id = new.value;
    delete from public.fediverse_replies where state = 'pending' and actor_id = new.value;
  end if;
  return new;
end;
$$;

create trigger fediverse_blocks_applied after insert on public.fediverse_blocks
  for each row execute function private.fediverse_block_applied();

create or replace function public.fediverse_reaction_counts()
returns table (post_id uuid, likes bigint, boosts bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select r.post_id, count(*) filter (where r.kind = 'like'), count(*) filter (where r.kind = 'boost')
    from public.fediverse_reactions r
   group by r.post_id;
$$;

revoke all on function public.fediverse_remove_follower(uuid) from public;
revoke all on function public.fediverse_reaction_counts() from public;
revoke all on function private.fediverse_block_applied() from public;
grant execute on function public.fediverse_remove_follower(uuid) to authenticated, service_role;
grant execute on function public.fediverse_reaction_counts() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- the worker's side (the database owner only)
-- ---------------------------------------------------------------------------

-- what the fediverse must be told now, as outbox rows without a body (the
-- server writes each body, then queues its deliveries):
-- - a post of hers (not imported) public now and never announced: Create;
-- - an announced post edited or corrected since: Update;
-- - an announced post no longer public (unpublished or deleted): Delete.
-- a post made public again after its Delete is announced anew. the primary
-- keys make two workers racing here harmless. returns the rows queued.
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
