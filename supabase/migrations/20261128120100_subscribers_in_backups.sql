-- migration: a backup holds her subscribers (issue 41)
-- purpose: the confirmed subscribers (address, languages, where they came
--          from, when they subscribed and confirmed, and the secret of their
--          "unsubscribe" links, so that every link in a mail already sent keeps
--          working after a restore) are read for a backup and written back by
--          a restore. pending requests are not carried: they lapse in 7 days,
--          and their links could not be honoured (only the hash is kept).
-- affects: functions public.newsletter_backup_subscribers() and
--          public.newsletter_restore_subscribers(jsonb) (new)

create or replace function public.newsletter_backup_subscribers()
returns table (email text, languages text[], source text, created_at timestamptz, confirmed_at timestamptz, unsubscribe_token uuid)
language plpgsql
stable
-- definer: the unsubscribe secret is not readable through the api (column
-- grants); a backup needs it, and who calls is checked first.
security definer
set search_path = ''
as $$
begin
  if not (public.is_admin() and public.has_required_aal()) and auth.role() is distinct from 'service_role' then
    raise exception 'Only the admin backs up the subscribers.' using errcode = 'insufficient_privilege';
  end if;
  return query
    select s.email, s.languages, s.source, s.created_at, s.confirmed_at, s.unsubscribe_token
      from public.newsletter_subscribers s
     where s.status = 'confirmed'
     order by s.created_at, s.email;
end;
$$;

comment on function public.newsletter_backup_subscribers() is 'The confirmed subscribers with the secret of their unsubscribe links, for a backup; the admin (with her second factor) or the service role only.';

revoke all on function public.newsletter_backup_subscribers() from public;
grant execute on function public.newsletter_backup_subscribers() to authenticated, service_role;

create or replace function public.newsletter_restore_subscribers(subscribers jsonb)
returns table (added integer, already integer, invalid integer)
language plpgsql
volatile
-- definer: a restore writes the dates and the unsubscribe secret, which no api
-- role may; who calls is checked first.
security definer
set search_path = ''
as $$
declare
  item jsonb;
begin
  if not (public.is_admin() and public.has_required_aal()) and auth.role() is distinct from 'service_role' then
    raise exception 'Only the admin restores the subscribers.' using errcode = 'insufficient_privilege';
  end if;
  if jsonb_typeof(subscribers) is distinct from 'array' then
    raise exception 'newsletter_restore_subscribers expects a json array.' using errcode = 'invalid_parameter_value';
  end if;
  added := 0;
  already := 0;
  invalid := 0;
  for item in select value from jsonb_array_elements(subscribers) loop
    -- one bad row (an address the rule refuses, a malformed date) is counted, not fatal to the others.
    begin
      insert into public.newsletter_subscribers (email, languages, status, source, created_at, confirmed_at, unsubscribe_token)
      values (item->>'email',
              array(select jsonb_array_elements_text(item->'languages')),
              'confirmed',
              coalesce(item->>'source', 'import'),
              coalesce((item->>'created_at')::timestamptz, now()),
              coalesce((item->>'confirmed_at')::timestamptz, now()),
              coalesce((item->>'unsubscribe_token')::uuid, gen_random_uuid()))
      -- an address already here (a second run, or one who subscribed again) is left as it is.
      on conflict do nothing;
    exception when check_violation or invalid_text_representation or invalid_datetime_format
                   or datetime_field_overflow or not_null_violation or invalid_parameter_value then
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

comment on function public.newsletter_restore_subscribers(jsonb) is 'Restores a backup''s confirmed subscribers with their dates and unsubscribe secrets; an address already on the list is left as it is, a row the rules refuse is counted invalid; the admin (with her second factor) or the service role only.';

revoke all on function public.newsletter_restore_subscribers(jsonb) from public;
grant execute on function public.newsletter_restore_subscribers(jsonb) to authenticated, service_role;
