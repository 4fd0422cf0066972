-- migration: which posts are read (issue 27)
-- purpose: count views of the home pages and of public posts without
--          tracking readers. a reader's browser calls public.record_view(page,
--          referrer) once per page view; the function keeps daily aggregate
--          rows only (public.stats_daily per page, referrer, language and
--          device; public.stats_site_daily for the whole site). a visitor is
--          counted once per page per day by sha-256 of (the day's random salt,
--          the client's address, its user agent, the page); the salt lives for
--          its day only and is deleted, with every hash of that day, by the
--          first view of the next day, so nothing links a reader across days.
--          no address, user agent or hash of one leaves the private schema,
--          and none outlives its day. the numbers are the admin's alone.
--          the three private tables are unlogged: they never reach the write-
--          ahead log, a replica or a point-in-time backup (a crash empties
--          them: today's readers are counted anew, nothing else is lost).
--          private.stats_forget_past() forgets a quiet day's salt at the
--          site's midnight; the local backend calls it and then vacuums the
--          tables so the deleted bytes leave their files (hosted: pg_cron,
--          README "Deploying on hosted Supabase").
-- affects: function public.site_today(); tables private.stats_salts,
--          private.stats_seen, private.stats_rate, public.stats_daily,
--          public.stats_site_daily, public.stats_sources_daily; functions private.stats_day_salt(date),
--          private.stats_forget_past(), private.stats_referrer(text),
--          public.record_view(text, text),
--          public.stats_days(integer), public.stats_pages(integer, integer),
--          public.stats_sources(integer, uuid), public.stats_post_days(uuid)

-- ---------------------------------------------------------------------------
-- the site's day
-- ---------------------------------------------------------------------------

-- her readers' day, in the site's time zone (src/lib/dates.ts SITE_TIME_ZONE),
-- on the site's clock (tests move it).
create or replace function public.site_today()
returns date
language sql
stable
set search_path = ''
as $$
  select (public.site_now() at time zone 'America/Sao_Paulo')::date;
$$;

comment on function public.site_today() is 'Today in the site''s time zone (America/Sao_Paulo) on the site''s clock: the day a view is counted in.';

revoke execute on function public.site_today() from public;
grant execute on function public.site_today() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- what lives for one day only (the database owner's: no api role may read it)
-- ---------------------------------------------------------------------------

create unlogged table private.stats_salts (
  day date primary key,
  salt bytea not null check (octet_length(salt) = 32)
);

comment on table private.stats_salts is 'The random salt of the visitor hashes: one row, today''s. Deleted with every hash of its day by the first view of the next day, so no hash can be linked across days.';

create unlogged table private.stats_seen (
  day date not null,
  hash bytea not null,
  primary key (day, hash)
);

comment on table private.stats_seen is 'Today''s visitor hashes: sha-256 of (salt, address, user agent, page), one per visitor and page, and one per visitor for the whole site. Only whether a hash exists is used; deleted with the salt.';

-- the flood caps: views one client may add per minute and per day, keyed by
-- a hash made with the day's salt (not by its address), deleted with it.
create unlogged table private.stats_rate (
  day date not null,
  client_hash bytea not null,
  minute timestamptz not null,
  minute_views integer not null,
  day_views integer not null,
  primary key (day, client_hash)
);

comment on table private.stats_rate is 'Views each client added in its current minute and in the day (the caps of public.record_view), keyed by a salted hash of the client; deleted with the day''s salt.';

alter table private.stats_salts enable row level security;
alter table private.stats_seen enable row level security;
alter table private.stats_rate enable row level security;

-- ---------------------------------------------------------------------------
-- the numbers (daily aggregates only: a year of them answers in milliseconds)
-- ---------------------------------------------------------------------------

create table public.stats_daily (
  day date not null,
  -- '/pt', '/en', or a post's id (its address may change, its id does not).
  page text not null check (page in ('/pt', '/en') or page ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  -- a host ('google.com', 't.co'), 'newsletter' (her mails' links), 'direto',
  -- or 'outros' (a host past the day's first 100).
  referrer text not null check (referrer ~ '^[a-z0-9.-]{1,253}$'),
  language text not null check (language in ('pt', 'en')),
  device text not null check (device in ('mobile', 'desktop')),
  views integer not null default 0 check (views >= 0),
  visitors integer not null default 0 check (visitors >= 0 and visitors <= views),
  primary key (day, page, referrer, language, device)
);

comment on table public.stats_daily is 'Views and visitors of each page per day, by referring host, language and device class. Written only by public.record_view; the admin''s alone to read. Nothing about a reader is kept.';

-- a post's own chart since its publication.
create index stats_daily_page_idx on public.stats_daily (page, day);

create table public.stats_site_daily (
  day date primary key,
  views integer not null default 0 check (views >= 0),
  -- readers of the site that day, each once whatever she read.
  visitors integer not null default 0 check (visitors >= 0 and visitors <= views)
);

comment on table public.stats_site_daily is 'Views and visitors of the whole site per day (a reader of three pages is one visitor). Written only by public.record_view; the admin''s alone to read.';

-- the site's referrers, languages and devices per day, so that her lists of
-- a period read a few hundred rows, not every page's (an 843,000-row year
-- took 221 ms for 90 days through stats_daily, above the 200 ms target).
create table public.stats_sources_daily (
  day date not null,
  kind text not null check (kind in ('referrer', 'language', 'device')),
  value text not null check (value ~ '^[a-z0-9.-]{1,253}$'),
  views integer not null default 0 check (views >= 0),
  -- as in stats_daily: a visitor of a page counted in the row of its first view.
  visitors integer not null default 0 check (visitors >= 0 and visitors <= views),
  primary key (day, kind, value)
);

comment on table public.stats_sources_daily is 'Views and visitors of the whole site per day by referrer, language and device: stats_daily summed over pages, kept by public.record_view in the same transaction. The admin''s alone to read.';

alter table public.stats_daily enable row level security;
alter table public.stats_site_daily enable row level security;
alter table public.stats_sources_daily enable row level security;

create policy "Admins can read the statistics"
  on public.stats_daily for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the statistics needs the admin's second factor"
  on public.stats_daily as restrictive for select to authenticated
  using ((select public.has_required_aal()));
create policy "Admins can read the site's statistics"
  on public.stats_site_daily for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the site's statistics needs the admin's second factor"
  on public.stats_site_daily as restrictive for select to authenticated
  using ((select public.has_required_aal()));

create policy "Admins can read the sources of views"
  on public.stats_sources_daily for select to authenticated
  using ((select public.is_admin()));
create policy "Reading the sources of views needs the admin's second factor"
  on public.stats_sources_daily as restrictive for select to authenticated
  using ((select public.has_required_aal()));

-- read only: rows are added by public.record_view alone.
grant select on table public.stats_daily to authenticated;
grant select on table public.stats_site_daily to authenticated;
grant select on table public.stats_sources_daily to authenticated;

-- ---------------------------------------------------------------------------
-- counting a view
-- ---------------------------------------------------------------------------

-- every salt, hash and count of the days before `today`; how many rows went.
create or replace function private.stats_forget_past(today date default public.site_today())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  forgotten integer := 0;
  n integer;
begin
  delete from private.stats_salts where day < today;
  get diagnostics n = row_count;
  forgotten := forgotten + n;
  delete from private.stats_seen where day < today;
  get diagnostics n = row_count;
  forgotten := forgotten + n;
  delete from private.stats_rate where day < today;
  get diagnostics n = row_count;
  return forgotten + n;
end;
$$;

comment on function private.stats_forget_past(date) is 'Deletes the salts, visitor hashes and flood counts of the days before today (the site''s day). Run by the day''s first view, and at the site''s midnight by the local backend or a scheduled job (pg_cron on hosted), so a quiet day''s salt does not outlive it.';

revoke all on function private.stats_forget_past(date) from public;

-- today's salt, made by the day's first view, which also forgets the days
-- before. two first views at once: the second's insert waits for the
-- first's, then reads its salt, and forgets nothing (the first did).
-- null for a view whose transaction began before the site's midnight but
-- runs after the new day's first view: its day is over and its salt gone.
create or replace function private.stats_day_salt(today date)
returns bytea
language plpgsql
set search_path = ''
as $$
declare
  day_salt bytea;
begin
  select s.salt into day_salt from private.stats_salts s where s.day = today;
  if found then
    return day_salt;
  end if;
  if exists (select 1 from private.stats_salts s where s.day > today) then
    return null;
  end if;
  insert into private.stats_salts (day, salt)
  values (today, decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
  on conflict (day) do nothing
  returning salt into day_salt;
  if day_salt is null then
    select s.salt into strict day_salt from private.stats_salts s where s.day = today;
    return day_salt;
  end if;
  perform private.stats_forget_past(today);
  return day_salt;
end;
$$;

revoke all on function private.stats_day_salt(date) from public;

-- the referrer as stored: a host name, lower case, without 'www.';
-- 'newsletter' and 'direto' as they are. null when it is none of these.
create or replace function private.stats_referrer(referrer text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when r in ('direto', 'newsletter') then r
    when length(r) <= 253 and r ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$'
      then regexp_replace(r, '^www\.', '')
  end
  from (select lower(trim(coalesce(referrer, 'direto'))) as r) normalised;
$$;

revoke all on function private.stats_referrer(text) from public;

-- a beacon of a reader's browser (anon may call it). refuses what is
-- malformed (22023): a page that is not a home page or a public post, a
-- referrer that is not a host name. counts nothing, silently, for the admin,
-- for a crawler's or an empty user agent, for a prefetch, and past 30 views
-- of one client in a minute or 500 in a day. a day keeps at most 100
-- referring hosts: later new ones count as 'outros' (invented hosts would
-- otherwise each add rows for ever). the user agent comes from the request's
-- own headers (PostgREST and the local backend both set request.headers).
create or replace function public.record_view(page text, referrer text default 'direto')
returns void
language plpgsql
volatile
-- definer: anon adds to tables it may neither read nor write.
security definer
set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb;
  agent text := coalesce(headers ->> 'user-agent', '');
  today date := public.site_today();
  page_language text;
  source text := private.stats_referrer(record_view.referrer);
  device text;
  day_salt bytea;
  client text := private.request_client();
  counts private.stats_rate;
  page_visitor integer;
  site_visitor integer;
begin
  if record_view.page in ('/pt', '/en') then
    page_language := substr(record_view.page, 2);
  elsif record_view.page ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select p.language into page_language
      from public.blog_posts p
     where p.id = record_view.page::uuid and p.published and p.date <= public.site_now();
  end if;
  if page_language is null then
    raise exception 'stats_page' using errcode = '22023', hint = 'page must be /pt, /en or the id of a public post.';
  end if;
  if source is null then
    raise exception 'stats_referrer' using errcode = '22023', hint = 'referrer must be a host name, ''newsletter'' or ''direto''.';
  end if;

  if (select public.is_admin())
     or agent = '' or length(agent) > 1024
     or agent ~* '(bot|crawl|spider|slurp|scrap|headless|lighthouse|pagespeed|gtmetrix|preview|fetch|monitor|uptime|curl|wget|python|httpclient|http-client|okhttp|java/|go-http|axios|undici|node|facebookexternalhit|embedly|whatsapp|telegram|discord|skype|vkshare|pinterest|quora|snippet|archiver|validator)'
     or coalesce(headers ->> 'sec-purpose', headers ->> 'purpose', '') ~* 'prefetch|prerender' then
    return;
  end if;

  day_salt := private.stats_day_salt(today);
  if day_salt is null then
    return;
  end if;
  insert into private.stats_rate as r (day, client_hash, minute, minute_views, day_views)
  values (today, sha256(day_salt || convert_to('rate' || chr(10) || client, 'UTF8')), date_trunc('minute', now()), 1, 1)
  on conflict (day, client_hash) do update
    set minute_views = case when r.minute = excluded.minute then r.minute_views + 1 else 1 end,
        minute = excluded.minute,
        day_views = r.day_views + 1
  returning r.* into counts;
  if counts.minute_views > 30 or counts.day_views > 500 then
    return;
  end if;

  if source not in ('direto', 'newsletter')
     and not exists (select 1 from public.stats_sources_daily s where s.day = today and s.kind = 'referrer' and s.value = source)
     and (select count(*) from public.stats_sources_daily s where s.day = today and s.kind = 'referrer') >= 100 then
    source := 'outros';
  end if;

  device := case
    when headers ->> 'sec-ch-ua-mobile' = '?1'
      or agent ~* '(mobi|android|iphone|ipod|ipad|windows phone|blackberry|opera mini|kindle|silk)' then 'mobile'
    else 'desktop'
  end;

  insert into private.stats_seen (day, hash)
  values (today, sha256(day_salt || convert_to(client || chr(10) || agent || chr(10) || record_view.page, 'UTF8')))
  on conflict do nothing;
  get diagnostics page_visitor = row_count;
  insert into private.stats_seen (day, hash)
  values (today, sha256(day_salt || convert_to(client || chr(10) || agent || chr(10) || '*', 'UTF8')))
  on conflict do nothing;
  get diagnostics site_visitor = row_count;

  insert into public.stats_daily as s (day, page, referrer, language, device, views, visitors)
  values (today, record_view.page, source, page_language, device, 1, page_visitor)
  on conflict on constraint stats_daily_pkey do update
    set views = s.views + 1, visitors = s.visitors + excluded.visitors;
  insert into public.stats_site_daily as s (day, views, visitors)
  values (today, 1, site_visitor)
  on conflict on constraint stats_site_daily_pkey do update
    set views = s.views + 1, visitors = s.visitors + excluded.visitors;
  insert into public.stats_sources_daily as s (day, kind, value, views, visitors)
  values (today, 'referrer', source, 1, page_visitor),
         (today, 'language', page_language, 1, page_visitor),
         (today, 'device', device, 1, page_visitor)
  on conflict on constraint stats_sources_daily_pkey do update
    set views = s.views + 1, visitors = s.visitors + excluded.visitors;
end;
$$;

comment on function public.record_view(text, text) is 'A reader''s browser counts one view of /pt, /en or a public post (its id), with the referring host, ''newsletter'' or ''direto''. Stores daily aggregates only; the admin, crawlers, prefetches and a client past 30 views a minute or 500 a day are not counted; past 100 hosts a day, new ones count as ''outros''.';

revoke all on function public.record_view(text, text) from public;
grant execute on function public.record_view(text, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- reading the numbers (security invoker: the admin only, by row level
-- security; others read zeros and nothing else)
-- ---------------------------------------------------------------------------

-- views and visitors of the site on each of the last `days` days, oldest
-- first, today last, days without a view as zeros.
create or replace function public.stats_days(days integer default 30)
returns table (day date, views bigint, visitors bigint)
language sql
stable
set search_path = ''
as $$
  select d::date, coalesce(s.views, 0)::bigint, coalesce(s.visitors, 0)::bigint
    from generate_series(public.site_today() - (least(greatest(days, 1), 3660) - 1), public.site_today(), interval '1 day') d
    left join public.stats_site_daily s on s.day = d::date
   order by 1;
$$;

comment on function public.stats_days(integer) is 'Admin only (row level security): the site''s views and visitors on each of the last days, today last.';

-- the most read pages of the last `days` days, with each post's title,
-- language and address (null for a home page, and for a post since deleted).
create or replace function public.stats_pages(days integer default 30, max integer default 10)
returns table (page text, post_id uuid, title text, language text, slug text, views bigint, visitors bigint)
language sql
stable
set search_path = ''
as $$
  with top as (
    select s.page, sum(s.views)::bigint as views, sum(s.visitors)::bigint as visitors
      from public.stats_daily s
     where s.day > public.site_today() - least(greatest(days, 1), 3660)
     group by s.page
     order by 2 desc, 3 desc, 1
     limit least(greatest(max, 1), 100)
  )
  select top.page, p.id, p.title, case when top.page in ('/pt', '/en') then substr(top.page, 2) else p.language end, p.slug, top.views, top.visitors
    from top
    left join public.blog_posts p on top.page not in ('/pt', '/en') and p.id = (case when top.page not in ('/pt', '/en') then top.page end)::uuid
   order by top.views desc, top.visitors desc, top.page;
$$;

comment on function public.stats_pages(integer, integer) is 'Admin only (row level security): the most read pages of the last days, with their views and visitors (a reader who comes back another day counts again).';

-- where the readers of the last `days` days came from, in which language and
-- on which device: of the site from its daily sums, of one post (`post`)
-- from its own rows. the 50 referrers with the most views, the rest summed
-- as 'outros'.
create or replace function public.stats_sources(days integer default 30, post uuid default null)
returns table (kind text, value text, views bigint, visitors bigint)
language sql
stable
set search_path = ''
as $$
  with sources as (
    select s.kind, s.value, sum(s.views)::bigint as views, sum(s.visitors)::bigint as visitors
      from public.stats_sources_daily s
     where post is null
       and s.day > public.site_today() - least(greatest(days, 1), 3660)
     group by s.kind, s.value
    union all
    select case when grouping(s.referrer) = 0 then 'referrer' when grouping(s.language) = 0 then 'language' else 'device' end,
           coalesce(s.referrer, s.language, s.device),
           sum(s.views)::bigint, sum(s.visitors)::bigint
      from public.stats_daily s
     where post is not null and s.page = post::text
       and s.day > public.site_today() - least(greatest(days, 1), 3660)
     group by grouping sets ((s.referrer), (s.language), (s.device))
  ), ranked as (
    select sources.*, row_number() over (partition by sources.kind order by sources.views desc, sources.visitors desc, sources.value) as n
      from sources
  )
  select r.kind, case when r.kind = 'referrer' and r.n > 50 then 'outros' else r.value end,
         sum(r.views)::bigint, sum(r.visitors)::bigint
    from ranked r
   group by 1, 2
   order by 1, 3 desc, 2;
$$;

comment on function public.stats_sources(integer, uuid) is 'Admin only (row level security): views and visitors of the last days by referrer, language and device, of the whole site or of one post.';

-- one post's views and visitors on each day since its publication (at most
-- ten years), today last; nothing for a post she cannot read.
create or replace function public.stats_post_days(post uuid)
returns table (day date, views bigint, visitors bigint)
language sql
stable
set search_path = ''
as $$
  select d::date, coalesce(sum(s.views), 0)::bigint, coalesce(sum(s.visitors), 0)::bigint
    from public.blog_posts p
    cross join lateral generate_series(
      greatest(least((p.date at time zone 'America/Sao_Paulo')::date, public.site_today()), public.site_today() - 3659),
      public.site_today(), interval '1 day') d
    -- the page compared with the argument, not with p.id::text: a cast to text
    -- is not leakproof, and under row level security it would keep the index
    -- out of the join.
    left join public.stats_daily s on s.page = post::text and s.day = d::date
   where p.id = post
   group by d
   order by d;
$$;

comment on function public.stats_post_days(uuid) is 'Admin only (row level security): a post''s views and visitors on each day since its publication, today last.';

revoke all on function public.stats_days(integer) from public;
revoke all on function public.stats_pages(integer, integer) from public;
revoke all on function public.stats_sources(integer, uuid) from public;
revoke all on function public.stats_post_days(uuid) from public;
grant execute on function public.stats_days(integer) to authenticated, service_role;
grant execute on function public.stats_pages(integer, integer) to authenticated, service_role;
grant execute on function public.stats_sources(integer, uuid) to authenticated, service_role;
grant execute on function public.stats_post_days(uuid) to authenticated, service_role;
