-- migration: readers follow her by email (issue 25)
-- purpose: a reader leaves an address for portuguese, english or both; a mail
--          with a button confirms it (double opt-in); each post she publishes
--          with "send to subscribers" on reaches every confirmed subscriber of
--          its language once, when it first becomes public (now, or at its
--          scheduled minute). every mail waits in one durable queue,
--          private.mail_queue, written in the same transaction as its cause and
--          sent by a worker (the local backend's own, or `npm run mail-worker`
--          against a hosted project); a uniqueness rule per post and subscriber
--          makes "once" a property of the schema.
--          the list is hers alone: anon and signed-in readers can neither read
--          nor count it; they subscribe, confirm and unsubscribe only through
--          the functions below, each of which takes a secret token or answers
--          the same whatever the list holds.
-- affects: column public.blog_posts.newsletter; tables
--          public.newsletter_subscribers, public.newsletter_sends,
--          private.mail_queue, private.newsletter_attempts; functions
--          private.request_client(), public.newsletter_subscribe(…),
--          public.newsletter_confirm(text), public.newsletter_unsubscribe(uuid),
--          public.newsletter_send_test(uuid), public.newsletter_import_subscribers(jsonb),
--          public.newsletter_growth(integer), public.newsletter_send_progress(),
--          private.newsletter_enqueue_due(), private.newsletter_forget_unconfirmed()

-- ---------------------------------------------------------------------------
-- which posts go out
-- ---------------------------------------------------------------------------

alter table public.blog_posts
  add column newsletter boolean not null default false,
  -- her archive came from elsewhere: its readers saw it there.
  add constraint blog_posts_imported_not_sent check (not (newsletter and origin_source is not null));

comment on column public.blog_posts.newsletter is 'She asked for this post to be mailed to the subscribers of its language when it first becomes public ("Enviar aos assinantes"). Never true for imported posts.';

-- the worker's look for posts that became public: only the few marked posts.
create index blog_posts_newsletter_idx on public.blog_posts (date) where newsletter and published;

-- ---------------------------------------------------------------------------
-- the list
-- ---------------------------------------------------------------------------

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  languages text[] not null,
  status text not null default 'pending',
  source text not null default 'form',
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  -- the languages of the last request not yet confirmed (a change, for a confirmed subscriber).
  requested_languages text[],
  -- sha256 of the confirmation link's token; the token itself is only in the mail.
  confirm_token_hash bytea,
  confirm_sent_at timestamptz,
  -- the secret of every "unsubscribe" link this subscriber receives.
  unsubscribe_token uuid not null default gen_random_uuid(),
  constraint newsletter_subscribers_email_key unique (email),
  constraint newsletter_subscribers_unsubscribe_token_key unique (unsubscribe_token),
  constraint newsletter_subscribers_confirm_token_key unique (confirm_token_hash),
  constraint newsletter_subscribers_email_valid check (
    email = lower(email) and length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  constraint newsletter_subscribers_languages_valid check (
    cardinality(languages) between 1 and 2 and languages <@ array['pt', 'en']),
  constraint newsletter_subscribers_requested_valid check (
    requested_languages is null or (cardinality(requested_languages) between 1 and 2 and requested_languages <@ array['pt', 'en'])),
  constraint newsletter_subscribers_status_valid check (status in ('pending', 'confirmed')),
  constraint newsletter_subscribers_source_valid check (source in ('form', 'import')),
  constraint newsletter_subscribers_confirmed_dated check ((status = 'confirmed') = (confirmed_at is not null))
);

comment on table public.newsletter_subscribers is 'Readers who asked for new posts by email. Pending until the button of the confirmation mail is pressed, forgotten after 7 days if never confirmed; unsubscribing deletes the row. Only the admin may read it.';
comment on column public.newsletter_subscribers.languages is 'pt, en or both: the posts this reader receives.';
comment on column public.newsletter_subscribers.confirm_sent_at is 'When the last confirmation link was sent: it works 7 days from then, and a never-confirmed address is forgotten then.';
comment on column public.newsletter_subscribers.source is 'form: subscribed and confirmed here; import: brought from another platform by the admin, who confirmed they had consented there.';

create index newsletter_subscribers_pending_idx on public.newsletter_subscribers ((coalesce(confirm_sent_at, created_at))) where status = 'pending';
create index newsletter_subscribers_confirmed_idx on public.newsletter_subscribers (confirmed_at) where status = 'confirmed';

alter table public.newsletter_subscribers enable row level security;

create policy "Admins can read the subscribers"
  on public.newsletter_subscribers for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the subscribers needs the admin's second factor"
  on public.newsletter_subscribers as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Admins can add subscribers"
  on public.newsletter_subscribers for insert to authenticated
  with check ((select public.is_admin()));
create policy "Adding subscribers needs the admin's second factor"
  on public.newsletter_subscribers as restrictive for insert to authenticated
  with check ((select public.has_required_aal()));
create policy "Admins can remove subscribers"
  on public.newsletter_subscribers for delete to authenticated
  using ((select public.is_admin()));
create policy "Removing subscribers needs the admin's second factor"
  on public.newsletter_subscribers as restrictive for delete to authenticated
  using ((select public.has_required_aal()));

-- the tokens stay out of every api role's reach, hers included: the links
-- are for the reader's mailbox only.
grant select (id, email, languages, status, source, created_at, confirmed_at) on table public.newsletter_subscribers to authenticated;
grant insert (email, languages, status, source, confirmed_at) on table public.newsletter_subscribers to authenticated;
grant delete on table public.newsletter_subscribers to authenticated;

-- ---------------------------------------------------------------------------
-- the queue every mail waits in
-- ---------------------------------------------------------------------------

create table private.mail_queue (
  id bigint generated always as identity primary key,
  -- auth: a sign-up confirmation or password recovery of the local backend (hosted gotrue mails its own).
  kind text not null,
  recipient text not null,
  language text,
  post_id uuid references public.blog_posts (id) on delete cascade,
  subscriber_id uuid references public.newsletter_subscribers (id) on delete set null,
  -- what the mail needs besides the post: a confirmation token, an auth mail's text.
  payload jsonb not null default '{}',
  state text not null default 'queued',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- a worker's claim: who sends it, and until when the claim holds.
  claim uuid,
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint mail_queue_kind_valid check (kind in ('auth', 'newsletter_confirm', 'newsletter_post', 'newsletter_test')),
  constraint mail_queue_state_valid check (state in ('queued', 'sending', 'sent', 'failed', 'cancelled')),
  constraint mail_queue_language_valid check (language in ('pt', 'en')),
  -- a post reaches a subscriber once: the schema says so, not the worker.
  constraint mail_queue_post_once unique (post_id, subscriber_id)
);

comment on table private.mail_queue is 'Every mail the site sends, written in the transaction that causes it. A worker claims rows (for update skip locked), marks each sent before the SMTP server can accept it, and records refusals: retried with backoff, or failed for good with the reason.';

create index mail_queue_due_idx on private.mail_queue (next_attempt_at, id) where state in ('queued', 'sending');
create index mail_queue_post_idx on private.mail_queue (post_id, state) where post_id is not null;
create index mail_queue_subscriber_idx on private.mail_queue (subscriber_id) where subscriber_id is not null;
create index mail_queue_confirmations_idx on private.mail_queue (created_at) where kind = 'newsletter_confirm';

alter table private.mail_queue enable row level security;

-- a subscriber who leaves (or whom she removes) gets nothing more, and the
-- queue forgets the address.
create or replace function private.newsletter_subscriber_forgotten()
returns trigger
language plpgsql
-- definer: her delete through the api must reach the private queue.
security definer
set search_path = ''
as $$
begin
  update private.mail_queue
     set state = case when state in ('queued', 'sending') then 'cancelled' else state end,
         recipient = '',
         payload = '{}'
   where subscriber_id = old.id or (kind = 'newsletter_confirm' and recipient = old.email);
  return old;
end;
$$;

create trigger newsletter_subscribers_forget_mail
  before delete on public.newsletter_subscribers
  for each row execute function private.newsletter_subscriber_forgotten();

-- ---------------------------------------------------------------------------
-- what was sent of each post
-- ---------------------------------------------------------------------------

create table public.newsletter_sends (
  post_id uuid primary key references public.blog_posts (id) on delete cascade,
  language text not null,
  queued_at timestamptz not null default now(),
  recipients integer not null default 0,
  constraint newsletter_sends_language_valid check (language in ('pt', 'en'))
);

comment on table public.newsletter_sends is 'One row per post ever mailed to the subscribers: its existence is why a post never goes out twice (not after unpublishing and publishing again, nor after an edit).';

alter table public.newsletter_sends enable row level security;
create policy "Admins can see what was sent"
  on public.newsletter_sends for select to authenticated
  using ((select public.is_admin()));
create policy "Seeing what was sent needs the admin's second factor"
  on public.newsletter_sends as restrictive for select to authenticated
  using ((select public.has_required_aal()));
grant select on table public.newsletter_sends to authenticated;

-- ---------------------------------------------------------------------------
-- limits against abuse
-- ---------------------------------------------------------------------------

create table private.newsletter_attempts (
  at timestamptz not null default now(),
  email text not null,
  client text not null
);
create index newsletter_attempts_email_idx on private.newsletter_attempts (email, at);
create index newsletter_attempts_client_idx on private.newsletter_attempts (client, at);
create index newsletter_attempts_at_idx on private.newsletter_attempts (at);
alter table private.newsletter_attempts enable row level security;

-- the caller as the api gateway gives it (hosted: cloudflare's
-- cf-connecting-ip, else the first x-forwarded-for; the local backend puts
-- the address it trusts there and drops what the client sent). an ipv6
-- client is its /64: every home and every server gets 2^64 addresses to
-- rotate through. an ipv4 address written as ipv6 (::ffff:a.b.c.d, a server
-- listening on ::) is that ipv4 address.
create or replace function private.request_client()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  raw text := coalesce(nullif(trim(headers ->> 'cf-connecting-ip'), ''),
                       nullif(trim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''));
  address inet;
begin
  if raw is null then
    return 'unknown';
  end if;
  begin
    address := raw::inet;
  exception when others then
    return raw;
  end;
  if family(address) = 6 and host(address) ~* '^::ffff:[0-9.]+$' then
    return substr(host(address), 8);
  end if;
  if family(address) = 6 then
    return host(network(set_masklen(address, 64))) || '/64';
  end if;
  return host(address);
end;
$$;

-- ---------------------------------------------------------------------------
-- subscribe, confirm, unsubscribe: the only doors for readers
-- ---------------------------------------------------------------------------

-- answers nothing on success, whatever the list holds (new, pending or
-- confirmed): no one learns who subscribes. every successful call queues a
-- confirmation mail to the address, so only its owner can act on it.
-- errors (sqlstate → http): 22023 → 400 newsletter_invalid_email,
-- newsletter_invalid_languages, newsletter_trap (the hidden field only bots
-- fill); PT429 → 429 newsletter_address_limit (3 an hour per address),
-- newsletter_client_limit (10 an hour per client), newsletter_busy (200
-- confirmation mails an hour for the whole site).
create or replace function public.newsletter_subscribe(
  email text,
  languages text[],
  page_language text default 'pt',
  trap text default ''
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text := lower(trim(coalesce(email, '')));
  -- the mailbox the limits count: name+tag@domain reaches name@domain at most providers.
  mailbox text := regexp_replace(lower(trim(coalesce(email, ''))), '\+[^@]*@', '@');
  wanted text[];
  caller_client text := private.request_client();
  token text;
  subscriber public.newsletter_subscribers;
begin
  if coalesce(trap, '') <> '' then
    raise exception 'newsletter_trap' using errcode = '22023', hint = 'The hidden field must stay empty.';
  end if;
  if length(address) > 254 or address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'newsletter_invalid_email' using errcode = '22023';
  end if;
  select array_agg(distinct l order by l desc) into wanted from unnest(languages) l where l in ('pt', 'en');
  if wanted is null or cardinality(wanted) <> cardinality(array(select distinct unnest(languages))) then
    raise exception 'newsletter_invalid_languages' using errcode = '22023';
  end if;
  if page_language is null or page_language not in ('pt', 'en') then
    page_language := wanted[1];
  end if;

  -- one subscription at a time: the counts below and the attempt they admit
  -- must not interleave with another call's (postgresql runs calls at once;
  -- without this, simultaneous calls all see the same count and pass).
  perform pg_advisory_xact_lock(hashtext('public.newsletter_subscribe'));
  delete from private.newsletter_attempts where at < now() - interval '1 hour';
  if (select count(*) from private.newsletter_attempts a where a.email = mailbox) >= 3 then
    raise exception 'newsletter_address_limit' using errcode = 'PT429';
  end if;
  if (select count(*) from private.newsletter_attempts a where a.client = caller_client) >= 10 then
    raise exception 'newsletter_client_limit' using errcode = 'PT429';
  end if;
  if (select count(*) from private.mail_queue q
       where q.kind = 'newsletter_confirm' and q.created_at > now() - interval '1 hour') >= 200 then
    raise exception 'newsletter_busy' using errcode = 'PT429';
  end if;
  insert into private.newsletter_attempts (email, client) values (mailbox, caller_client);

  token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  insert into public.newsletter_subscribers as s (email, languages, requested_languages, confirm_token_hash, confirm_sent_at)
  values (address, wanted, wanted, sha256(convert_to(token, 'UTF8')), now())
  on conflict on constraint newsletter_subscribers_email_key do update
     set requested_languages = excluded.requested_languages,
         -- a pending address takes the newest choice at once; a confirmed one keeps its languages until it confirms the change.
         languages = case when s.status = 'pending' then excluded.languages else s.languages end,
         confirm_token_hash = excluded.confirm_token_hash,
         confirm_sent_at = excluded.confirm_sent_at
  returning * into subscriber;

  insert into private.mail_queue (kind, recipient, language, payload)
  values ('newsletter_confirm', address, page_language, jsonb_build_object('token', token, 'languages', to_jsonb(wanted)));
end;
$$;

comment on function public.newsletter_subscribe(text, text[], text, text) is 'A reader asks for new posts by email: queues a confirmation mail, in page_language, to the address. Answers the same whether the address is new, pending or subscribed.';

-- the button of the confirmation page (opening the link alone changes nothing).
-- returns the languages now received, or null when the link is unknown,
-- already used or older than 7 days.
create or replace function public.newsletter_confirm(token text)
returns text[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  confirmed public.newsletter_subscribers;
begin
  if token is null or length(token) <> 64 then
    return null;
  end if;
  update public.newsletter_subscribers s
     set status = 'confirmed',
         confirmed_at = coalesce(s.confirmed_at, now()),
         languages = coalesce(s.requested_languages, s.languages),
         requested_languages = null,
         confirm_token_hash = null,
         confirm_sent_at = null
   where s.confirm_token_hash = sha256(convert_to(newsletter_confirm.token, 'UTF8'))
     and s.confirm_sent_at > now() - interval '7 days'
  returning * into confirmed;
  return confirmed.languages;
end;
$$;

comment on function public.newsletter_confirm(text) is 'The confirmation page''s button: the address behind this token receives new posts from now on. Returns its languages, or null for an unknown or expired token.';

-- the unsubscribe page's button and the one-click POST of rfc 8058: deletes
-- the address at once. true when an address was removed.
create or replace function public.newsletter_unsubscribe(token uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from public.newsletter_subscribers s where s.unsubscribe_token = newsletter_unsubscribe.token;
  return found;
end;
$$;

comment on function public.newsletter_unsubscribe(uuid) is 'Unsubscribe: deletes the address whose mails carry this token. No session and no confirmation.';

revoke all on function public.newsletter_subscribe(text, text[], text, text) from public;
revoke all on function public.newsletter_confirm(text) from public;
revoke all on function public.newsletter_unsubscribe(uuid) from public;
grant execute on function public.newsletter_subscribe(text, text[], text, text) to anon, authenticated, service_role;
grant execute on function public.newsletter_confirm(text) to anon, authenticated, service_role;
grant execute on function public.newsletter_unsubscribe(uuid) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- her side
-- ---------------------------------------------------------------------------

-- "Enviar teste para mim": the post as subscribers will get it, to her own
-- address (the session's), at most 20 an hour.
create or replace function public.newsletter_send_test(post uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  address text := (select auth.email());
  post_language text;
begin
  if not ((select public.is_admin()) and (select public.has_required_aal())) then
    raise exception 'permission denied for function newsletter_send_test' using errcode = '42501';
  end if;
  select p.language into post_language from public.blog_posts p where p.id = newsletter_send_test.post;
  if post_language is null then
    raise exception 'newsletter_unknown_post' using errcode = 'PT404';
  end if;
  if address is null or address = '' then
    raise exception 'newsletter_no_address' using errcode = '22023';
  end if;
  if (select count(*) from private.mail_queue q
       where q.kind = 'newsletter_test' and q.created_at > now() - interval '1 hour') >= 20 then
    raise exception 'newsletter_test_limit' using errcode = 'PT429';
  end if;
  insert into private.mail_queue (kind, recipient, language, payload)
  values ('newsletter_test', lower(address), post_language, jsonb_build_object('post_id', newsletter_send_test.post));
end;
$$;

comment on function public.newsletter_send_test(uuid) is 'Admin only: queues the post''s newsletter mail to her own address, marked as a test.';

-- a csv from another platform (substack's email list among them): addresses
-- she confirms consented there, added as confirmed. security invoker: row
-- level security decides (the admin only). each element: {email, languages}.
-- returns how many were added, were already on the list, and were refused.
create or replace function public.newsletter_import_subscribers(subscribers jsonb)
returns table (added integer, already integer, invalid integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  item jsonb;
  address text;
  wanted text[];
begin
  if jsonb_typeof(subscribers) is distinct from 'array' then
    raise exception 'newsletter_import_subscribers expects a json array.' using errcode = 'invalid_parameter_value';
  end if;
  added := 0;
  already := 0;
  invalid := 0;
  for item in select value from jsonb_array_elements(subscribers) loop
    address := lower(trim(coalesce(item ->> 'email', '')));
    select array_agg(distinct l order by l desc) into wanted
      from jsonb_array_elements_text(case when jsonb_typeof(item -> 'languages') = 'array' then item -> 'languages' else '[]' end) l
     where l in ('pt', 'en');
    if wanted is null or length(address) > 254 or address !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
      invalid := invalid + 1;
      continue;
    end if;
    insert into public.newsletter_subscribers (email, languages, status, source, confirmed_at)
    values (address, wanted, 'confirmed', 'import', now())
    on conflict on constraint newsletter_subscribers_email_key do nothing;
    if found then
      added := added + 1;
    else
      already := already + 1;
    end if;
  end loop;
  return next;
end;
$$;

comment on function public.newsletter_import_subscribers(jsonb) is 'Admin only (row level security): adds addresses that consented on another platform as confirmed subscribers; an address already on the list is left as it is.';

-- confirmed subscribers per language at the end of each of the last `days`
-- days (security invoker: the admin only, by row level security).
create or replace function public.newsletter_growth(days integer default 90)
returns table (day date, pt bigint, en bigint)
language sql
stable
set search_path = ''
as $$
  select d::date as day,
         count(*) filter (where 'pt' = any(s.languages)) as pt,
         count(*) filter (where 'en' = any(s.languages)) as en
    from generate_series(current_date - (least(greatest(days, 1), 3660) - 1), current_date, interval '1 day') d
    left join public.newsletter_subscribers s
      on s.status = 'confirmed' and s.confirmed_at < d + interval '1 day'
   group by d
   order by d;
$$;

comment on function public.newsletter_growth(integer) is 'Admin only (row level security): confirmed subscribers per language at the end of each day.';

-- for each post sent: when, to how many, how many arrived, failed or wait.
create or replace function public.newsletter_send_progress()
returns table (post_id uuid, title text, language text, queued_at timestamptz, recipients integer,
               sent bigint, failed bigint, waiting bigint, cancelled bigint, last_sent_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not ((select public.is_admin()) and (select public.has_required_aal())) then
    raise exception 'permission denied for function newsletter_send_progress' using errcode = '42501';
  end if;
  return query
    select s.post_id, p.title, s.language, s.queued_at, s.recipients,
           count(q.id) filter (where q.state = 'sent'),
           count(q.id) filter (where q.state = 'failed'),
           count(q.id) filter (where q.state in ('queued', 'sending')),
           count(q.id) filter (where q.state = 'cancelled'),
           max(q.sent_at)
      from public.newsletter_sends s
      join public.blog_posts p on p.id = s.post_id
      left join private.mail_queue q on q.post_id = s.post_id and q.kind = 'newsletter_post'
     group by s.post_id, p.title, s.language, s.queued_at, s.recipients
     order by s.queued_at desc;
end;
$$;

comment on function public.newsletter_send_progress() is 'Admin only: each post mailed to the subscribers, with how many mails were sent, failed for good, still wait, or were cancelled by an unsubscribe.';

revoke all on function public.newsletter_send_test(uuid) from public;
revoke all on function public.newsletter_import_subscribers(jsonb) from public;
revoke all on function public.newsletter_growth(integer) from public;
revoke all on function public.newsletter_send_progress() from public;
grant execute on function public.newsletter_send_test(uuid) to authenticated, service_role;
grant execute on function public.newsletter_import_subscribers(jsonb) to authenticated, service_role;
grant execute on function public.newsletter_growth(integer) to authenticated, service_role;
grant execute on function public.newsletter_send_progress() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- the worker's side (the database owner only: the local backend, or
-- `npm run mail-worker` with the project's DATABASE_URL)
-- ---------------------------------------------------------------------------

-- posts marked for the subscribers that are public now and were never sent:
-- one newsletter_sends row each and one queued mail per confirmed subscriber
-- of the post's language, in one transaction. the primary key of
-- newsletter_sends lets two workers race safely: the second finds the row and
-- does nothing. returns how many posts were queued.
create or replace function private.newsletter_enqueue_due()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  due record;
  queued integer := 0;
  recipient_count integer;
begin
  for due in
    select p.id, p.language from public.blog_posts p
     where p.newsletter and p.published and p.date <= public.site_now()
       and not exists (select 1 from public.newsletter_sends s where s.post_id = p.id)
     order by p.date
  loop
    insert into public.newsletter_sends (post_id, language) values (due.id, due.language)
    on conflict (post_id) do nothing;
    if not found then
      continue;
    end if;
    insert into private.mail_queue (kind, recipient, language, post_id, subscriber_id)
    select 'newsletter_post', s.email, due.language, due.id, s.id
      from public.newsletter_subscribers s
     where s.status = 'confirmed' and due.language = any(s.languages)
     order by s.confirmed_at, s.id
    on conflict on constraint mail_queue_post_once do nothing;
    get diagnostics recipient_count = row_count;
    update public.newsletter_sends set recipients = recipient_count where post_id = due.id;
    queued := queued + 1;
  end loop;
  return queued;
end;
$$;

-- unconfirmed addresses are forgotten after 7 days; a confirmed subscriber's
-- unconfirmed change of languages lapses. returns how many were forgotten.
create or replace function private.newsletter_forget_unconfirmed()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  forgotten integer;
begin
  -- a link sent again lives its 7 days: counted from the last one.
  delete from public.newsletter_subscribers
   where status = 'pending' and coalesce(confirm_sent_at, created_at) < now() - interval '7 days';
  get diagnostics forgotten = row_count;
  update public.newsletter_subscribers
     set requested_languages = null, confirm_token_hash = null, confirm_sent_at = null
   where status = 'confirmed' and confirm_sent_at < now() - interval '7 days';
  delete from private.newsletter_attempts where at < now() - interval '1 hour';
  return forgotten;
end;
$$;

revoke all on function private.request_client() from public;
revoke all on function private.newsletter_enqueue_due() from public;
revoke all on function private.newsletter_forget_unconfirmed() from public;
revoke all on function private.newsletter_subscriber_forgotten() from public;
