-- migration: views counted in batches (issue 42)
-- purpose: a shared post brings hundreds of view beacons a second. counting
--          each in a transaction of its own took a turn of the database per
--          view. private.stats_views(views) counts a batch of views in one
--          call, with exactly the rules of public.record_view (decision 230):
--          the same page and referrer checks, crawler and prefetch refusals,
--          caps (30 a minute, 500 a day per client, counted at each view's
--          own arrival time), once-a-day visitor hashes and 100 referring
--          hosts a day; the aggregate rows are written once per batch.
--          public.record_view (hosted's beacon through postgrest, and the
--          local backend's for her own session and unknown pages) now checks
--          its arguments and the admin, then counts through the same
--          function: one implementation of the rules. the local backend
--          gathers anonymous readers' beacons in memory and calls
--          stats_views every 250 ms (server/stats/view-buffer.ts).
--          private.request_client(headers) is request_client() for headers
--          given, so a batch can name each view's client.
-- affects: functions private.request_client(jsonb), private.request_client(),
--          private.stats_views(jsonb), public.record_view(text, text)

-- the caller as the api gateway gives it, from headers given (see
-- private.request_client() in 20261124200000_newsletter).
create or replace function private.request_client(headers jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  raw text := coalesce(nullif(trim(headers ->> 'cf-connecting-ip'), ''),
                       nullif(trim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''));
  address inet;
begin
  if raw is null then
    return 'unknown';
  end if;
  -- a plain ipv4 address is itself: no cast, and no exception block, whose
  -- subtransaction per view made a batch's views cost a millisecond each.
  if raw ~ '^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$' then
    return raw;
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

revoke all on function private.request_client(jsonb) from public;

create or replace function private.request_client()
returns text
language sql
stable
set search_path = ''
as $$
  select private.request_client(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb);
$$;

-- counts views, in the order given: a json array of {page, referrer,
-- headers, at}, headers being the request's (user-agent, sec-ch-ua-mobile,
-- sec-purpose, purpose, and the client's address as x-forwarded-for or
-- cf-connecting-ip), at the time the view arrived (its day on the site's
-- clock, its minute for the cap). a view that is malformed, a crawler's, a
-- prefetch, over its client's caps or of a day already forgotten counts
-- nothing (silently: the caller has answered already). the admin is the
-- caller's to leave out (record_view does, by her token). returns how many
-- were counted.
create or replace function private.stats_views(views jsonb)
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v record;
  skew interval := coalesce((select c.skew from private.site_clock c), interval '0');
  agent text;
  page_language text;
  source text;
  device text;
  today date;
  salt_day date;
  day_salt bytea;
  known_referrers text[];
  client text;
  counts private.stats_rate;
  seen_page boolean;
  seen_site boolean;
  page_hash bytea;
  site_hash bytea;
  days date[] := '{}';
  pages text[] := '{}';
  sources text[] := '{}';
  languages text[] := '{}';
  devices text[] := '{}';
  page_visitors integer[] := '{}';
  site_visitors integer[] := '{}';
begin
  for v in
    select x.page, x.referrer, coalesce(x.headers, '{}'::jsonb) as headers, x.at
      from rows from (jsonb_to_recordset(views) as (page text, referrer text, headers jsonb, at timestamptz))
           with ordinality as x(page, referrer, headers, at, n)
     order by x.n
  loop
    continue when v.at is null;
    page_language := null;
    if v.page in ('/pt', '/en') then
      page_language := substr(v.page, 2);
    elsif v.page ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select p.language into page_language
        from public.blog_posts p
       where p.id = v.page::uuid and p.published and p.date <= v.at + skew;
    end if;
    continue when page_language is null;
    source := private.stats_referrer(v.referrer);
    continue when source is null;

    agent := coalesce(v.headers ->> 'user-agent', '');
    continue when agent = '' or length(agent) > 1024
      or agent ~* '(bot|crawl|spider|slurp|scrap|headless|lighthouse|pagespeed|gtmetrix|preview|fetch|monitor|uptime|curl|wget|python|httpclient|http-client|okhttp|java/|go-http|axios|undici|node|facebookexternalhit|embedly|whatsapp|telegram|discord|skype|vkshare|pinterest|quora|snippet|archiver|validator)'
      or coalesce(v.headers ->> 'sec-purpose', v.headers ->> 'purpose', '') ~* 'prefetch|prerender';

    today := ((v.at + skew) at time zone 'America/Sao_Paulo')::date;
    if today is distinct from salt_day then
      -- the day's first view makes its salt and forgets the days before; a
      -- view of a day already forgotten gets none and counts nothing.
      day_salt := private.stats_day_salt(today);
      salt_day := today;
      select coalesce(array_agg(s.value), '{}') into known_referrers
        from public.stats_sources_daily s where s.day = today and s.kind = 'referrer';
      known_referrers := known_referrers || array(select distinct d.s from unnest(days, sources) as d(day, s) where d.day = today);
    end if;
    continue when day_salt is null;

    client := private.request_client(v.headers);
    -- a view that arrived in a minute before the client's last counted one
    -- counts in that last minute (the cap never loosens).
    insert into private.stats_rate as r (day, client_hash, minute, minute_views, day_views)
    values (today, sha256(day_salt || convert_to('rate' || chr(10) || client, 'UTF8')), date_trunc('minute', v.at), 1, 1)
    on conflict (day, client_hash) do update
      set minute_views = case when excluded.minute > r.minute then 1 else r.minute_views + 1 end,
          minute = greatest(r.minute, excluded.minute),
          day_views = r.day_views + 1
    returning r.* into counts;
    continue when counts.minute_views > 30 or counts.day_views > 500;

    -- at most 100 referrer rows a day: later new hosts count as 'outros'.
    if source not in ('direto', 'newsletter') and not (source = any (known_referrers))
       and cardinality(known_referrers) >= 100 then
      source := 'outros';
    end if;
    if not (source = any (known_referrers)) then
      known_referrers := known_referrers || source;
    end if;

    device := case
      when v.headers ->> 'sec-ch-ua-mobile' = '?1'
        or agent ~* '(mobi|android|iphone|ipod|ipad|windows phone|blackberry|opera mini|kindle|silk)' then 'mobile'
      else 'desktop'
    end;

    page_hash := sha256(day_salt || convert_to(client || chr(10) || agent || chr(10) || v.page, 'UTF8'));
    site_hash := sha256(day_salt || convert_to(client || chr(10) || agent || chr(10) || '*', 'UTF8'));
    with added as (
      insert into private.stats_seen (day, hash) values (today, page_hash), (today, site_hash)
      on conflict do nothing
      returning hash
    )
    select coalesce(bool_or(a.hash = page_hash), false), coalesce(bool_or(a.hash = site_hash), false)
      into seen_page, seen_site
      from added a;

    days := days || today;
    pages := pages || v.page;
    sources := sources || source;
    languages := languages || page_language;
    devices := devices || device;
    page_visitors := page_visitors || seen_page::integer;
    site_visitors := site_visitors || seen_site::integer;
  end loop;

  if cardinality(days) = 0 then
    return 0;
  end if;

  insert into public.stats_daily as s (day, page, referrer, language, device, views, visitors)
  select c.day, c.page, c.source, c.language, c.device, count(*), sum(c.page_visitor)
    from unnest(days, pages, sources, languages, devices, page_visitors) as c(day, page, source, language, device, page_visitor)
   group by 1, 2, 3, 4, 5
  on conflict on constraint stats_daily_pkey do update
    set views = s.views + excluded.views, visitors = s.visitors + excluded.visitors;
  insert into public.stats_site_daily as s (day, views, visitors)
  select c.day, count(*), sum(c.site_visitor)
    from unnest(days, site_visitors) as c(day, site_visitor)
   group by 1
  on conflict on constraint stats_site_daily_pkey do update
    set views = s.views + excluded.views, visitors = s.visitors + excluded.visitors;
  insert into public.stats_sources_daily as s (day, kind, value, views, visitors)
  select c.day, k.kind, k.value, count(*), sum(c.page_visitor)
    from unnest(days, sources, languages, devices, page_visitors) as c(day, source, language, device, page_visitor)
    cross join lateral (values ('referrer', c.source), ('language', c.language), ('device', c.device)) as k(kind, value)
   group by 1, 2, 3
  on conflict on constraint stats_sources_daily_pkey do update
    set views = s.views + excluded.views, visitors = s.visitors + excluded.visitors;
  return cardinality(days);
end;
$$;

comment on function private.stats_views(jsonb) is 'Counts a batch of views ({page, referrer, headers, at}, in order) with the rules of record_view: page and referrer checks, crawlers, prefetches, 30 a minute and 500 a day per client, daily visitor hashes, 100 referring hosts a day. Silently counts nothing for a refused view; returns how many were counted. The local backend calls it every 250 ms with the anonymous beacons it gathered.';

revoke all on function private.stats_views(jsonb) from public;

-- a beacon (anon may call it): checks as before (22023 for a page that is
-- not a home page or a public post, a referrer that is not a host name),
-- leaves her out, and counts through private.stats_views.
create or replace function public.record_view(page text, referrer text default 'direto')
returns void
language plpgsql
volatile
-- definer: anon adds to tables it may neither read nor write.
security definer
set search_path = ''
as $$
begin
  if not (record_view.page in ('/pt', '/en')
          or (record_view.page ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              and exists (select 1 from public.blog_posts p
                           where p.id = record_view.page::uuid and p.published and p.date <= public.site_now()))) then
    raise exception 'stats_page' using errcode = '22023', hint = 'page must be /pt, /en or the id of a public post.';
  end if;
  if private.stats_referrer(record_view.referrer) is null then
    raise exception 'stats_referrer' using errcode = '22023', hint = 'referrer must be a host name, ''newsletter'' or ''direto''.';
  end if;
  if (select public.is_admin()) then
    return;
  end if;
  perform private.stats_views(jsonb_build_array(jsonb_build_object(
    'page', record_view.page,
    'referrer', record_view.referrer,
    'headers', coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb,
    'at', now())));
end;
$$;

comment on function public.record_view(text, text) is 'A reader''s browser counts one view of /pt, /en or a public post (its id), with the referring host, ''newsletter'' or ''direto''. Stores daily aggregates only; the admin, crawlers, prefetches and a client past 30 views a minute or 500 a day are not counted; past 100 hosts a day, new ones count as ''outros''. Counts through private.stats_views.';

revoke all on function public.record_view(text, text) from public;
grant execute on function public.record_view(text, text) to anon, authenticated, service_role;
