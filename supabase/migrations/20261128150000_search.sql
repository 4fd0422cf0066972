-- migration: readers search the posts (issue 44)
-- purpose: one box finds "comunicação de crise" typed "comunicacao de crises":
--          accents and case never matter, words match their other forms in
--          the text's own language, a quoted phrase is a phrase, -word
--          excludes. the index lives in the database and is written by the
--          transaction that writes the post (a trigger), so a post is found
--          (or no longer found) the moment it is saved. one function,
--          public.search_site, security invoker: the reader's own row level
--          security decides what is found, so drafts and scheduled posts are
--          found by nobody but her. the order of unaccent and stemming is
--          decision 300 (docs/decisions/300-search.md).
-- affects: schema search (new): text search configurations
--          search.portuguese and search.english, table search.posts,
--          functions search.plain_text, search.unaccented,
--          search.post_vector, search.post_matches, search.query_pt,
--          trigger function search.index_post and its trigger on
--          public.blog_posts; function public.search_site (new)

-- unaccent is installed by 20261124100000_permalinks_and_schedule.sql; said
-- again so this file stands on its own on a hosted project.
create extension if not exists unaccent with schema extensions;

-- not one of the api's exposed schemas (supabase/config.toml): nothing here
-- is reachable over http but through public.search_site.
create schema if not exists search;
comment on schema search is 'Full-text search (issue 44): the index of posts and clips, its text search configurations and helpers. Not exposed over the API; readers search through public.search_site().';

-- the api roles look up the configurations and call the matcher by name.
grant usage on schema search to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- the languages: unaccent first, then the stemmer (decision 300)
-- ---------------------------------------------------------------------------

-- unaccent as a filtering dictionary in front of the snowball stemmer: the
-- text and the reader's query go through the same steps, so a word typed
-- with or without its accents gives the same lexeme (postgres's documented
-- use of unaccent, F.48.3). asciiword needs no unaccent.
create text search configuration search.portuguese (copy = pg_catalog.portuguese);
alter text search configuration search.portuguese
  alter mapping for word, hword, hword_part with extensions.unaccent, pg_catalog.portuguese_stem;
comment on text search configuration search.portuguese is 'Portuguese, accents folded before stemming (decision 300).';

create text search configuration search.english (copy = pg_catalog.english);
alter text search configuration search.english
  alter mapping for word, hword, hword_part with extensions.unaccent, pg_catalog.english_stem;
comment on text search configuration search.english is 'English, accents folded before stemming (café = cafe).';

-- ---------------------------------------------------------------------------
-- helpers
-- ---------------------------------------------------------------------------

-- a post's markdown as words: link and picture addresses, markup and html
-- tags are not what she wrote, and would show in the passages.
create or replace function search.plain_text(markdown text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(
           regexp_replace(
             regexp_replace(
               regexp_replace(coalesce(markdown, ''), '!?\[([^\]]*)\]\([^)]*\)', '\1', 'g'),
               '<[^>]*>', ' ', 'g'),
             '(^|\n)\s{0,3}(#{1,6}|>+|[-*+]|\d+[.)])\s+', '\1', 'g'),
           '[*_~`]+', '', 'g');
$$;

comment on function search.plain_text(text) is 'Markdown as the words a reader reads: link and picture text kept, their addresses, html tags, heading, quote and list marks, emphasis dropped.';

-- the portuguese stemmer's lexemes with their accents folded after stemming
-- (the second reading of decision 300: comunicação and comunicações stem
-- alike only before unaccent). each lexeme is folded, then written back in
-- tsvector syntax with its quotes and backslashes escaped (unaccent turns
-- ʼ and ‘ into an apostrophe) and its positions and weights kept.
create or replace function search.unaccented(vector tsvector)
returns tsvector
language sql
stable
parallel safe
set search_path = ''
as $$
  select coalesce(string_agg(
           '''' || replace(replace(extensions.unaccent('extensions.unaccent'::regdictionary, u.lexeme), '\', '\\'), '''', '''''') || ''''
             || coalesce(':' || (select string_agg(p.position::text || p.weight, ',')
                                   from unnest(u.positions, u.weights) as p (position, weight)), ''),
           ' '), '')::tsvector
    from unnest(vector) as u (lexeme, positions, weights);
$$;

comment on function search.unaccented(tsvector) is 'A tsvector with every lexeme''s accents folded (unaccent), positions and weights kept.';

-- one weighted field of a text in its language: title A, excerpt B, text C
-- (issue 44: title above excerpt above text). the first 100,000 characters:
-- a tsvector holds at most 1 MB, and a longer text must still save (an
-- archived copy may hold a million); positions stop at 16,383 anyway.
create or replace function search.field_vector(language text, body text, weight "char")
returns tsvector
language sql
stable
parallel safe
set search_path = ''
as $$
  select setweight(
           case when language = 'pt'
                then to_tsvector('search.portuguese'::regconfig, left(coalesce(body, ''), 100000))
                     || search.unaccented(to_tsvector('pg_catalog.portuguese'::regconfig, left(coalesce(body, ''), 100000)))
                else to_tsvector('search.english'::regconfig, left(coalesce(body, ''), 100000)) end,
           weight);
$$;

comment on function search.field_vector(text, text, "char") is 'The lexemes of one field in its language, with the field''s weight. Portuguese gets both readings of decision 300.';

create or replace function search.post_vector(language text, title text, excerpt text, content text)
returns tsvector
language sql
stable
parallel safe
set search_path = ''
as $$
  select search.field_vector(language, title, 'A')
      || search.field_vector(language, excerpt, 'B')
      || search.field_vector(language, search.plain_text(content), 'C');
$$;

comment on function search.post_vector(text, text, text, text) is 'What a post is found by: title (A), excerpt (B) and text (C), in the post''s language.';

-- ---------------------------------------------------------------------------
-- the index of posts
-- ---------------------------------------------------------------------------

create table search.posts (
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  language text not null,
  -- everything: title (A), excerpt (B), text (C); what matches.
  vector tsvector not null,
  -- the title alone, and title and excerpt: small, so the rank of thousands
  -- of matches is read without the whole text's vector (decision 300).
  title_vector tsvector not null,
  head_vector tsvector not null,
  constraint posts_pkey primary key (post_id)
);

comment on table search.posts is 'The words of every post, drafts too (written by the trigger blog_posts_index_for_search). Nobody but the owner reads it: search.post_matches hands out ids and ranks, and public.search_site keeps those the reader may read.';

create index posts_vector_idx on search.posts using gin (vector);

-- drafts' words live here: no policy, no grant to the api roles.
alter table search.posts enable row level security;

-- definer: writes the index, which no api role may. runs in the writing
-- transaction, so a post is found (or not) as soon as it is saved.
create or replace function search.index_post()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into search.posts (post_id, language, vector, title_vector, head_vector)
  select new.id, new.language, search.post_vector(new.language, new.title, new.excerpt, new.content), t.v, t.v || search.field_vector(new.language, new.excerpt, 'B')
    from (select search.field_vector(new.language, new.title, 'A') as v) t
  on conflict (post_id) do update
    set language = excluded.language, vector = excluded.vector, title_vector = excluded.title_vector, head_vector = excluded.head_vector;
  return null;
end;
$$;

comment on function search.index_post() is 'Trigger: (re)writes a post''s entry in search.posts in the transaction that writes the post.';

create trigger blog_posts_index_for_search
  after insert
  on public.blog_posts
  for each row
  execute function search.index_post();

create trigger blog_posts_reindex_for_search
  after update of title, excerpt, content, language
  on public.blog_posts
  for each row
  when (old.title is distinct from new.title or old.excerpt is distinct from new.excerpt
        or old.content is distinct from new.content or old.language is distinct from new.language)
  execute function search.index_post();

insert into search.posts (post_id, language, vector, title_vector, head_vector)
select id, language, search.post_vector(language, title, excerpt, content),
       search.field_vector(language, title, 'A'), search.field_vector(language, title, 'A') || search.field_vector(language, excerpt, 'B')
  from public.blog_posts;

-- ---------------------------------------------------------------------------
-- matching
-- ---------------------------------------------------------------------------

-- the reader's words in portuguese, both readings of decision 300 or'ed:
-- unaccent then stem (what search.portuguese does) and stem then unaccent.
-- the second is written back through its text form; a lexeme unaccent turns
-- into something tsquery cannot read leaves the first reading alone.
-- definer: unaccent()'s execute grant belongs to whoever installed the
-- extension (as for public.slugify); it reads no table.
create or replace function search.query_pt(words text)
returns tsquery
language plpgsql
stable
-- restricted: its exception block is a subtransaction, which a parallel worker cannot start.
parallel restricted
security definer
set search_path = ''
as $$
declare
  folded tsquery := websearch_to_tsquery('search.portuguese'::regconfig, words);
  stemmed tsquery := websearch_to_tsquery('pg_catalog.portuguese'::regconfig, words);
begin
  if numnode(stemmed) = 0 then
    return folded;
  end if;
  begin
    stemmed := extensions.unaccent('extensions.unaccent'::regdictionary, stemmed::text)::tsquery;
  exception when syntax_error or invalid_text_representation then
    return folded;
  end;
  return folded || stemmed;
end;
$$;

comment on function search.query_pt(text) is 'A reader''s words as a Portuguese tsquery (websearch syntax): accents folded before stemming, or''ed with folded after stemming (decision 300).';

-- definer: reads the index, drafts included; hands out only ids and ranks,
-- which public.search_site (security invoker) joins to what the reader may
-- read. never called over http (schema search is not exposed).
create or replace function search.post_matches(words text)
returns table (post_id uuid, rank real)
language sql
stable
security definer
set search_path = ''
as $$
  with q as (
    select search.query_pt(words) as pt, websearch_to_tsquery('search.english'::regconfig, words) as en
  )
  select s.post_id, case when s.title_vector @@ q.pt then 3 when s.head_vector @@ q.pt then 2 else 1 end::real
    from search.posts s, q
   where s.language = 'pt' and numnode(q.pt) > 0 and s.vector @@ q.pt
  union all
  select s.post_id, case when s.title_vector @@ q.en then 3 when s.head_vector @@ q.en then 2 else 1 end::real
    from search.posts s, q
   where s.language = 'en' and numnode(q.en) > 0 and s.vector @@ q.en;
$$;

comment on function search.post_matches(text) is 'Every post whose words match, drafts included, with its rank: 3 when the title matches, 2 title and excerpt, 1 only with the text. Only for public.search_site, which keeps what the reader may read.';

revoke execute on all functions in schema search from public;
grant execute on function search.post_matches(text), search.query_pt(text), search.plain_text(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- the search
-- ---------------------------------------------------------------------------

-- security invoker: the join to public.blog_posts runs under the reader's row
-- level security, so only what she may read is found. marks are U+E000 and
-- U+E001 (removed from the text first), never html: the page turns them into
-- <mark> elements, so nothing of a post can become markup.
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
language sql
stable
security invoker
set search_path = ''
as $$
  with words as (
    select left(coalesce(search_site.q, ''), 200) as text
  ),
  found as (
    select 'post'::text as kind, p.id, p.language, p.slug, p.title, p.excerpt, p.content,
           p.date as published_at, null::date as published_on, p.category, null::text as outlet, null::text as url, m.rank
      from search.post_matches((select w.text from words w)) m
      join public.blog_posts p on p.id = m.post_id
  ),
  counts as (
    select count(*) filter (where f.language = search_site.lang) as total,
           count(*) filter (where f.language <> search_site.lang) as other_total
      from found f
  ),
  page_rows as (
    select f.*
      from found f
     where f.language = search_site.lang
     order by f.rank desc, coalesce(f.published_at, f.published_on::timestamptz) desc, f.id
     limit 10
    offset 10 * (least(greatest(coalesce(search_site.page, 1), 1), 1000) - 1)
  ),
  marked as (
    select r.*, case when r.language = 'pt' then search.query_pt(w.text) else websearch_to_tsquery('search.english'::regconfig, w.text) end as tsq,
           case when r.language = 'pt' then 'search.portuguese'::regconfig else 'search.english'::regconfig end as config
      from page_rows r, words w
  )
  select m.kind, m.id, m.language, m.slug,
         ts_headline(m.config, translate(m.title, U&'\E000\E001', ''), m.tsq,
                     U&'HighlightAll=true, StartSel=\E000, StopSel=\E001'),
         ts_headline(m.config, translate(concat_ws(E'\n', nullif(m.excerpt, ''), search.plain_text(m.content)), U&'\E000\E001', ''), m.tsq,
                     U&'MaxFragments=1, MaxWords=32, MinWords=16, ShortWord=2, StartSel=\E000, StopSel=\E001'),
         m.published_at, m.published_on, m.category, m.outlet, m.url, c.total, c.other_total
    from counts c
    left join marked m on true
   order by m.rank desc, coalesce(m.published_at, m.published_on::timestamptz) desc, m.id;
$$;

comment on function public.search_site(text, text, integer) is 'Searches what the caller may read (security invoker: row level security decides) for a reader''s words (websearch syntax: "a phrase", -excluded; cut at 200 characters). Ten results of language lang, page by page (1-based), best first (title above excerpt above text, newest among equals); title and passage with the matched words between U+E000 and U+E001; total = results in lang, other_total = in the other language. Always one row at least: when this page holds no result, a single row whose kind is null carries the counts.';

revoke execute on function public.search_site(text, text, integer) from public;
grant execute on function public.search_site(text, text, integer) to anon, authenticated, service_role;
