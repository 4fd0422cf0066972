-- migration: the address the newsletter stores is the address it mails (issue 41, defect 5)
-- purpose: newsletter_subscribe took any text with an @ and a dot and no space.
--          `x<attacker@evil.test>.y` and `root,victim@example.com` were stored,
--          and counted by the per-address limit, as themselves, while the mail's
--          To header, parsed by nodemailer, went to attacker@evil.test and to
--          victim@example.com. one rule now decides what an address is, here in
--          the database so a hosted project enforces it too: private.is_mailbox(),
--          a conservative addr-spec (a dot-atom local part of rfc 5322's atext,
--          one @, a domain of letter-digit-hyphen labels with a dot and a last
--          label that starts with a letter). no < > , ; " ( ) [ ] : \ @ in the
--          local part, no whitespace, no control or non-ascii character, no ip
--          address. the same text is stored (lower-cased, as before), counted and
--          sent; the mail worker refuses anything else (src/lib/mailbox.ts holds
--          the same rule for the form and the worker).
--          rows already stored that break the rule must not fail the migration:
--          a pending one (never confirmed, forgotten within 7 days anyway) is
--          deleted, and its queued confirmation cancelled by the delete trigger;
--          a confirmed one stays on her list, where she sees it and may remove
--          it, but receives nothing (newsletter_enqueue_due skips it, and mails
--          already queued to any such address are cancelled). the new check is
--          added not valid, then validated when no such row is left (a fresh
--          install, and any site that never received one).
-- affects: function private.is_mailbox(text) (new); constraint
--          newsletter_subscribers_email_valid; functions
--          public.newsletter_subscribe(…), public.newsletter_import_subscribers(jsonb),
--          private.newsletter_enqueue_due(); rows of public.newsletter_subscribers
--          and private.mail_queue that break the rule

create or replace function private.is_mailbox(address text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select address is not null
     and length(address) <= 254
     and position('@' in address) between 2 and 65
     and address ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$';
$$;

comment on function private.is_mailbox(text) is 'True when the text is one mailbox address that every reader of it (this database, nodemailer, an SMTP server) reads as the same one: a dot-atom local part, one @, a domain of LDH labels with a dot. The same rule as src/lib/mailbox.ts.';

revoke all on function private.is_mailbox(text) from public;
-- the subscribers' check calls it as the writing role: her import runs as
-- authenticated, a restore as the service_role. a pure function of its argument
-- (the api roles still cannot name it: they have no usage on the private schema).
grant execute on function private.is_mailbox(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- what is already stored
-- ---------------------------------------------------------------------------

-- never confirmed: forgotten now rather than in 7 days (the trigger cancels its mail).
delete from public.newsletter_subscribers where status = 'pending' and not private.is_mailbox(email);

-- confirmed: kept, but no pending change or link of its own is left to update
-- the row later (an update of a row the check does not hold for would fail).
update public.newsletter_subscribers
   set requested_languages = null, confirm_token_hash = null, confirm_sent_at = null
 where not private.is_mailbox(email) and (requested_languages is not null or confirm_token_hash is not null or confirm_sent_at is not null);

-- nothing waiting goes to such an address.
update private.mail_queue
   set state = 'cancelled',
       last_error = 'not sent: the recipient is not one mailbox address (issue 41)',
       payload = case when kind in ('auth', 'newsletter_confirm') then '{}' else payload end,
       claim = null, claimed_until = null
 where state in ('queued', 'sending') and not private.is_mailbox(recipient);

alter table public.newsletter_subscribers drop constraint newsletter_subscribers_email_valid;
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_email_valid check (email = lower(email) and private.is_mailbox(email)) not valid;

do $$
begin
  if not exists (select 1 from public.newsletter_subscribers where not private.is_mailbox(email)) then
    alter table public.newsletter_subscribers validate constraint newsletter_subscribers_email_valid;
  end if;
end;
$$;

-- ---------------------------------------------------------------------------
-- the doors that write an address
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
    if wanted is null then
      invalid := invalid + 1;
      continue;
    end if;
    -- the table's check is the rule (private.is_mailbox): this function runs as
    -- her, and the api roles cannot name what is in the private schema.
    begin
      insert into public.newsletter_subscribers (email, languages, status, source, confirmed_at)
      values (address, wanted, 'confirmed', 'import', now())
      on conflict on constraint newsletter_subscribers_email_key do nothing;
    exception when check_violation then
      invalid := invalid + 1;
      continue;
    end;
    if found then
      added := added + 1;
    else
      already := already + 1;
    end if;
  end loop;
  return next;
end;
$$;

-- a confirmed address the rule refuses (kept by this migration) receives nothing.
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
     where s.status = 'confirmed' and due.language = any(s.languages) and private.is_mailbox(s.email)
     order by s.confirmed_at, s.id
    on conflict on constraint mail_queue_post_once do nothing;
    get diagnostics recipient_count = row_count;
    update public.newsletter_sends set recipients = recipient_count where post_id = due.id;
    queued := queued + 1;
  end loop;
  return queued;
end;
$$;
