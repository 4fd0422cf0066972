-- migration: search reads the best matches first and counts up to a bound (issue 44, decision 300)
-- purpose: public.search_site joined every match to the reader's rows (12,720
--          for a common pair of words in the bench's archive) to count them
--          and to sort them by rank, for a page of ten. now the page is
--          taken tier by tier (the title, then title and excerpt or a clip's
--          outlet and summary, then the text), each tier's matches sorted by
--          date, and a lower tier is read only when the higher ones do not
--          fill the page; the counts stop at 1,001 (or just past the page
--          asked for), which the page says as "mais de 1.000".
-- affects: indexes on search.posts (title_vector, head_vector) and
--          search.clips (title_vector) (new); functions search.post_ranked,
--          search.post_tier and search.clip_hits (new); public.search_site
--          (replaced: plpgsql, same arguments and columns, still security
--          invoker); search.post_matches and search.clip_matches (dropped:
--          nothing calls them any more).

create index posts_title_vector_idx on search.posts using gin (title_vector);
create index posts_head_vector_idx on search.posts using gin (head_vector);
create index clips_title_vector_idx on search.clips using gin (title_vector);

-- definer, as search.post_matches, for one language and a ready tsquery:
-- the matches with their rank (3 the title, 2 title and excerpt, 1 only
-- the text), drafts included, at most cap of them (null: all); the caller
-- (search_site, invoker) keeps the ones the reader may read.
create or replace function search.post_ranked(q tsquery, lang text, cap integer)
returns table (post_id uuid, rank real)
language sql
stable
security definer
set search_path = ''
as $$
  select s.post_id, case when s.title_vector @@ q then 3 when s.head_vector @@ q then 2 else 1 end::real
    from search.posts s
   where s.language = lang and s.vector @@ q
   limit cap;
$$;

comment on function search.post_ranked(tsquery, text, integer) is 'The posts of one language whose words match q, drafts included, with their rank (3 the title, 2 title and excerpt, 1 only the text), at most cap of them in no order (null: all). Only for public.search_site, which keeps what the reader may read.';

-- the same, one tier at a time, each from its own index: the best tier of a
-- common word is read without the thousands of matches below it. every tier
-- needs the whole text to match too, so "-word" excludes a post whose text
-- holds the word.
create or replace function search.post_tier(q tsquery, lang text, tier integer)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select s.post_id from search.posts s
   where tier = 3 and s.language = lang and s.title_vector @@ q and s.vector @@ q
  union all
  select s.post_id from search.posts s
   where tier = 2 and s.language = lang and s.head_vector @@ q and s.vector @@ q and not s.title_vector @@ q
  union all
  select s.post_id from search.posts s
   where tier = 1 and s.language = lang and s.vector @@ q and not s.head_vector @@ q;
$$;

comment on function search.post_tier(tsquery, text, integer) is 'The posts of one language whose words match q, drafts included, in one tier of rank: 3 the title, 2 title and excerpt but not the title, 1 only the text. Only for public.search_site, which keeps what the reader may read.';

-- definer, as search.clip_matches, for one language and a ready tsquery:
-- rank with title, outlet and summary (null when they do not match),
-- full_rank with the archived copy too (null when a reader of the copy must
-- not find it: no match, or an excluded word in the copy). tier 0: every
-- match; 3, 2, 1: the clips that may rank there (the caller decides by the
-- copy's visibility), each tier from its own index.
create or replace function search.clip_hits(q tsquery, lang text, tier integer)
returns table (clip_id uuid, rank real, full_rank real)
language sql
stable
security definer
set search_path = ''
as $$
  select x.clip_id,
         case when x.vector @@ q then case when x.title_vector @@ q then 3 else 2 end end::real,
         case when q::text ~ '!' and not x.full_vector @@ q then null
              when x.title_vector @@ q then 3
              when x.vector @@ q then 2
              when x.full_vector @@ q then 1 end::real
    from (
      select s.* from search.clips s
       where tier = 0 and s.language = lang and (s.vector @@ q or s.full_vector @@ q)
      union all
      select s.* from search.clips s
       where tier = 3 and s.language = lang and s.title_vector @@ q
      union all
      select s.* from search.clips s
       where tier = 2 and s.language = lang and s.vector @@ q and not s.title_vector @@ q
      union all
      select s.* from search.clips s
       where tier = 1 and s.language = lang and s.full_vector @@ q and not s.vector @@ q
    ) x;
$$;

comment on function search.clip_hits(tsquery, text, integer) is 'The clips of one language whose words match q, hidden ones too (tier 0: all; 3, 2, 1: those that may rank there): rank with title, outlet and summary alone (3 title, 2 outlet or summary, null: no match), full_rank with the archived copy (1: only the copy; null when a reader of the copy must not find it). Only for public.search_site.';

revoke execute on function search.post_ranked(tsquery, text, integer), search.post_tier(tsquery, text, integer), search.clip_hits(tsquery, text, integer) from public;
grant execute on function search.post_ranked(tsquery, text, integer), search.post_tier(tsquery, text, integer), search.clip_hits(tsquery, text, integer) to anon, authenticated, service_role;

-- security invoker: every join to public.blog_posts, public.clips and
-- public.clip_copies runs under the reader's row level security.
-- plpgsql: the tiers are read one after another, and each statement is
-- planned with the reader's tsquery in hand.
create or replace function public.search_site(q text, lang text default 'pt', page integer default 1)
returns table (
  kind text,
  id uuid,
  language text,
  slug text,
  title text,
  passage text,
  published_at timestamptz,
  published_on date,
  category text,
  outlet text,
  url text,
  total bigint,
  other_total bigint
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  words text := left(coalesce(search_site.q, ''), 200);
  other text := case when search_site.lang = 'pt' then 'en' else 'pt' end;
  pt tsquery := search.query_pt(words);
  en tsquery := websearch_to_tsquery('search.english'::regconfig, words);
  mine tsquery := case when search_site.lang = 'pt' then pt else en end;
  theirs tsquery := case when search_site.lang = 'pt' then en else pt end;
  page_number integer := least(greatest(coalesce(search_site.page, 1), 1), 1000);
  -- counted up to here: enough to say "more than 1,000", and to know whether this page has a next.
  bound integer := greatest(1001, 10 * page_number + 1);
  found_here bigint := 0;
  found_there bigint := 0;
  skip integer := 10 * (page_number - 1);
  kinds text[] := '{}';
  ids uuid[] := '{}';
  cap integer;
  indexed bigint;
  tier integer;
  hit record;
begin
  -- the matches the reader may read, up to the bound, with rank and date.
  -- the index is asked for twice the bound at most: a common word's
  -- thousands are neither ranked nor joined. fewer than the bound is all
  -- of them, and the page is taken from them. only when the index was cut
  -- and the reader may read less than the bound of what it gave (drafts,
  -- mostly) is it asked again for everything.
  if numnode(mine) > 0 then
    cap := 2 * bound;
    loop
      with ranked as materialized (
        select * from search.post_ranked(mine, search_site.lang, cap)
      ),
      hits as (
        select 'post'::text as kind, p.id, m.rank, p.date as sort_date
          from ranked m
          join public.blog_posts p on p.id = m.post_id
        union all
        select 'clip', c.id, case when cc.clip_id is not null then h.full_rank else h.rank end, c.published_on::timestamptz
          from search.clip_hits(mine, search_site.lang, 0) h
          join public.clips c on c.id = h.clip_id
          left join public.clip_copies cc on cc.clip_id = c.id
         where case when cc.clip_id is not null then h.full_rank else h.rank end is not null
        limit bound
      )
      select (select count(*) from ranked), count(*),
             coalesce((array_agg(x.kind order by x.rank desc, x.sort_date desc nulls last, x.id))[skip + 1:skip + 10], '{}'),
             coalesce((array_agg(x.id order by x.rank desc, x.sort_date desc nulls last, x.id))[skip + 1:skip + 10], '{}')
        into indexed, found_here, kinds, ids
        from hits x;
      exit when found_here >= bound or cap is null or indexed < cap;
      cap := null;
    end loop;
  end if;
  if numnode(theirs) > 0 then
    cap := 2 * bound;
    loop
      with ranked as materialized (
        select * from search.post_ranked(theirs, other, cap)
      )
      select (select count(*) from ranked), count(*)
        into indexed, found_there
        from (
          select 1 from ranked m join public.blog_posts p on p.id = m.post_id
          union all
          select 1 from search.clip_hits(theirs, other, 0) h
            join public.clips c on c.id = h.clip_id
            left join public.clip_copies cc on cc.clip_id = c.id
           where case when cc.clip_id is not null then h.full_rank else h.rank end is not null
          limit bound) counted;
      exit when found_there >= bound or cap is null or indexed < cap;
      cap := null;
    end loop;
  end if;

  -- a common word: more matches than the bound, so the ones above are a
  -- sample. the page is read tier by tier instead, the best first, newest
  -- first within a tier; a tier is read only while the page is not full.
  if found_here >= bound then
    kinds := '{}';
    ids := '{}';
    tier := 3;
    while tier >= 1 and cardinality(ids) < 10 loop
      for hit in
        select x.kind, x.id from (
          select 'post'::text as kind, p.id, p.date as sort_date
            from search.post_tier(mine, search_site.lang, tier) m (post_id)
            join public.blog_posts p on p.id = m.post_id
          union all
          select 'clip', c.id, c.published_on::timestamptz
            from search.clip_hits(mine, search_site.lang, tier) h
            join public.clips c on c.id = h.clip_id
            left join public.clip_copies cc on cc.clip_id = c.id
           where case when cc.clip_id is not null then h.full_rank else h.rank end = tier
        ) x
        order by x.sort_date desc nulls last, x.id
        limit skip + 10 - cardinality(ids)
      loop
        if skip > 0 then
          skip := skip - 1;
        else
          kinds := kinds || hit.kind;
          ids := ids || hit.id;
        end if;
      end loop;
      tier := tier - 1;
    end loop;
  end if;

  return query
  with page_rows as (
    select r.kind, r.id, r.n
      from unnest(kinds, ids) with ordinality as r (kind, id, n)
  ),
  detailed as (
    select r.n, r.kind, r.id, p.language, p.slug, p.title,
           concat_ws(E'\n', nullif(p.excerpt, ''), search.plain_text(p.content)) as body,
           p.date as published_at, null::date as published_on, p.category, null::text as outlet, null::text as url
      from page_rows r
      join public.blog_posts p on p.id = r.id
     where r.kind = 'post'
    union all
    select r.n, r.kind, r.id, c.language, c.slug, c.title,
           concat_ws(E'\n', nullif(c.summary, ''), search.plain_text(cc.text_markdown)),
           null, c.published_on, null, c.outlet, c.url
      from page_rows r
      join public.clips c on c.id = r.id
      left join public.clip_copies cc on cc.clip_id = c.id
     where r.kind = 'clip'
  ),
  marked as (
    select d.*, case when d.language = 'pt' then 'search.portuguese'::regconfig else 'search.english'::regconfig end as config
      from detailed d
  )
  select m.kind, m.id, m.language, m.slug,
         ts_headline(m.config, translate(m.title, U&'\E000\E001', ''), mine,
                     U&'HighlightAll=true, StartSel=\E000, StopSel=\E001'),
         ts_headline(m.config, translate(left(m.body, 100000), U&'\E000\E001', ''), mine,
                     U&'MaxFragments=1, MaxWords=32, MinWords=16, ShortWord=2, StartSel=\E000, StopSel=\E001'),
         m.published_at, m.published_on, m.category, m.outlet, m.url, found_here, found_there
    from (select 1) one
    left join marked m on true
   order by m.n;
end;
$$;

comment on function public.search_site(text, text, integer) is 'Searches the posts and published clips the caller may read (security invoker: row level security decides; an archived copy''s words count only when the caller may read the copy) for a reader''s words (websearch syntax: "a phrase", -excluded; cut at 200 characters). Ten results of language lang, page by page (1-based), best first (title above excerpt/outlet/summary above text, newest among equals); title and passage with the matched words between U+E000 and U+E001; kind ''post'' or ''clip''; total = results in lang, other_total = in the other language, each counted up to 1,001 (or one past the page asked for): a count of 1,001 means more than 1,000. Always one row at least: when this page holds no result, a single row whose kind is null carries the counts.';

revoke execute on function public.search_site(text, text, integer) from public;
grant execute on function public.search_site(text, text, integer) to anon, authenticated, service_role;

drop function search.post_matches(text);
drop function search.clip_matches(text);
