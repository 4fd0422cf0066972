-- migration: every confirmation link works until one of them is used (issue 41, defect 3)
-- purpose: the subscriber's row held one confirmation token (confirm_token_hash),
--          replaced by each request: a reader who submitted the form twice got
--          two mails, and the first one's button answered "link inválido ou
--          expirado", though that link was neither used nor expired. each link
--          is now a row of its own, private.newsletter_confirm_links (its token's
--          sha-256, as before, and when it was sent). any link sent in the last
--          7 days confirms the address while none has been used; the first one
--          used marks them all used, and from then on each of them answers that
--          the address is already confirmed (not an error) until its own 7 days
--          are over. a link older than 7 days, or of an address that left the
--          list, is invalid as before. a confirmation applies the newest request's
--          languages, whichever of its links is pressed (the pending address
--          already took them at once).
--          newsletter_confirm answers what happened, not only the languages:
--          (outcome, languages), outcome 'confirmed', 'already_confirmed' or
--          'invalid'. its return type changes, so it is dropped and made again
--          with the same rights. unsubscribe links are the subscriber's
--          unsubscribe_token, untouched.
--          links already in mailboxes keep working: each row's token moves to the
--          new table with its send time before the column goes.
-- affects: table private.newsletter_confirm_links (new); column
--          public.newsletter_subscribers.confirm_token_hash and its unique
--          constraint (dropped); functions public.newsletter_subscribe(…),
--          public.newsletter_confirm(text) (return type),
--          private.newsletter_forget_unconfirmed()

create table private.newsletter_confirm_links (
  -- sha256 of the link's token; the token itself is only in the mail.
  token_hash bytea primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  sent_at timestamptz not null default now(),
  -- when a link of this address confirmed it: set on every link the address had then.
  used_at timestamptz
);

comment on table private.newsletter_confirm_links is 'One row per confirmation mail: the hash of its link''s token. Any link of the last 7 days confirms the address until one is used; then each answers "already confirmed" until its 7 days are over. Deleted with the subscriber, and by the worker''s housekeeping after 7 days.';

create index newsletter_confirm_links_subscriber_idx on private.newsletter_confirm_links (subscriber_id);
create index newsletter_confirm_links_sent_idx on private.newsletter_confirm_links (sent_at);

alter table private.newsletter_confirm_links enable row level security;

insert into private.newsletter_confirm_links (token_hash, subscriber_id, sent_at)
select s.confirm_token_hash, s.id, s.confirm_sent_at
  from public.newsletter_subscribers s
 where s.confirm_token_hash is not null and s.confirm_sent_at is not null;

alter table public.newsletter_subscribers drop constraint newsletter_subscribers_confirm_token_key;
alter table public.newsletter_subscribers drop column confirm_token_hash;

comment on column public.newsletter_subscribers.confirm_sent_at is 'When the last confirmation link was sent: a never-confirmed address is forgotten 7 days after it, and a confirmed one''s unconfirmed change of languages lapses then. Each link''s own lifetime is in private.newsletter_confirm_links.';

-- ---------------------------------------------------------------------------
-- subscribe: one more link, the earlier ones still good
-- ---------------------------------------------------------------------------

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
  -- what is stored, counted and mailed: this one text, once it passed the rule.
  address text := lower(trim(coalesce(email, '')));
  -- the mailbox the limits count: name+tag@domain reaches name@domain at most providers.
  mailbox text;
  wanted text[];
  caller_client text := private.request_client();
  token text;
  subscriber public.newsletter_subscribers;
begin
  if coalesce(trap, '') <> '' then
    raise exception 'newsletter_trap' using errcode = '22023', hint = 'The hidden field must stay empty.';
  end if;
  if not private.is_mailbox(address) then
    raise exception 'newsletter_invalid_email' using errcode = '22023';
  end if;
  mailbox := regexp_replace(address, '\+[^@]*@', '@');
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

  insert into public.newsletter_subscribers as s (email, languages, requested_languages, confirm_sent_at)
  values (address, wanted, wanted, now())
  on conflict on constraint newsletter_subscribers_email_key do update
     set requested_languages = excluded.requested_languages,
         -- a pending address takes the newest choice at once; a confirmed one keeps its languages until it confirms the change.
         languages = case when s.status = 'pending' then excluded.languages else s.languages end,
         confirm_sent_at = excluded.confirm_sent_at
  returning * into subscriber;

  token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  insert into private.newsletter_confirm_links (token_hash, subscriber_id)
  values (sha256(convert_to(token, 'UTF8')), subscriber.id);

  insert into private.mail_queue (kind, recipient, language, payload)
  values ('newsletter_confirm', address, page_language, jsonb_build_object('token', token, 'languages', to_jsonb(wanted)));
end;
$$;

-- ---------------------------------------------------------------------------
-- confirm: what the button did
-- ---------------------------------------------------------------------------

drop function public.newsletter_confirm(text);

-- the button of the confirmation page (opening the link alone changes nothing).
-- one row: 'confirmed' and the languages now received; 'already_confirmed'
-- and the languages received, for a link of the last 7 days after one of the
-- address's links was used; 'invalid' and null for a link unknown, older
-- than 7 days, or of an address no longer on the list.
create function public.newsletter_confirm(token text)
returns table (outcome text, languages text[])
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  link private.newsletter_confirm_links;
  subscriber public.newsletter_subscribers;
begin
  if token is null or length(token) <> 64 then
    return query select 'invalid'::text, null::text[];
    return;
  end if;
  select l.* into link
    from private.newsletter_confirm_links l
   where l.token_hash = sha256(convert_to(newsletter_confirm.token, 'UTF8'))
     and l.sent_at > now() - interval '7 days'
     for update;
  if not found then
    return query select 'invalid'::text, null::text[];
    return;
  end if;
  if link.used_at is null then
    update public.newsletter_subscribers s
       set status = 'confirmed',
           confirmed_at = coalesce(s.confirmed_at, now()),
           languages = coalesce(s.requested_languages, s.languages),
           requested_languages = null,
           confirm_sent_at = null
     where s.id = link.subscriber_id
    returning * into subscriber;
    update private.newsletter_confirm_links l
       set used_at = now()
     where l.subscriber_id = link.subscriber_id and l.used_at is null;
    return query select 'confirmed'::text, subscriber.languages;
    return;
  end if;
  select s.* into subscriber from public.newsletter_subscribers s where s.id = link.subscriber_id;
  if subscriber.status = 'confirmed' then
    return query select 'already_confirmed'::text, subscriber.languages;
  else
    return query select 'invalid'::text, null::text[];
  end if;
end;
$$;

comment on function public.newsletter_confirm(text) is 'The confirmation page''s button: any link of the last 7 days confirms the address until one was used (outcome confirmed, with the languages now received); after that, already_confirmed; invalid for an unknown, expired or forgotten link.';

revoke all on function public.newsletter_confirm(text) from public;
grant execute on function public.newsletter_confirm(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- housekeeping
-- ---------------------------------------------------------------------------

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
     set requested_languages = null, confirm_sent_at = null
   where status = 'confirmed' and confirm_sent_at < now() - interval '7 days';
  -- past its 7 days a link answers nothing but "invalid" whatever its row says.
  delete from private.newsletter_confirm_links where sent_at < now() - interval '7 days';
  delete from private.newsletter_attempts where at < now() - interval '1 hour';
  return forgotten;
end;
$$;
