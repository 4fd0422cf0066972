-- migration: readers search her published work too (issues 44 and 43)
-- purpose: a published clip is found by its title (A), outlet and summary (B)
--          and, while she shows its archived copy, by the copy's text (C).
--          hidden clips are found by nobody but her, and the words of a copy
--          she does not show find nothing for anyone else: the index keeps
--          two vectors per clip (without and with the copy), and
--          public.search_site uses the second only when the reader may read
--          the copy (row level security on public.clip_copies decides).
-- affects: table search.clips (new), functions search.clip_vector,
--          search.index_clip, search.index_clip_row,
--          search.index_clip_of_copy, search.clip_matches (new), triggers on
--          public.clips and public.clip_copies; public.search_site (replaced:
--          posts and clips)

create table search.clips (
  clip_id uuid not null references public.clips (id) on delete cascade,
  language text not null,
  -- title, outlet, summary: what any reader of the clip may read.
  vector tsvector not null,
  -- the title alone: the rank without reading the bigger vectors.
  title_vector tsvector not null,
  -- the same and the archived copy's text: for a reader who may read the copy.
  full_vector tsvector not null,
  constraint clips_pkey primary key (clip_id)
);

comment on table search.clips is 'The words of every clip, hidden ones too: vector (title A, outlet and summary B) and full_vector (the same and the archived copy''s text, C). Written by triggers on public.clips and public.clip_copies; nobody but the owner reads it (search.clip_matches hands out ids and ranks).';

create index clips_vector_idx on search.clips using gin (vector);
create index clips_full_vector_idx on search.clips using gin (full_vector);

alter table search.clips enable row level security;

create or replace function search.clip_vector(language text, title text, outlet text, summary text)
returns tsvector
language sql
stable
parallel safe
set search_path = ''
as $$
  select search.field_vector(language, title, 'A')
      || search.field_vector(language, outlet, 'B')
      || search.field_vector(language, summary, 'B');
$$;

comment on function search.clip_vector(text, text, text, text) is 'What any reader finds a clip by: title (A), outlet and summary (B), in the clip''s language.';

-- definer: writes the index and reads the copy whatever the writer may read.
create or replace function search.index_clip(id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into search.clips (clip_id, language, vector, title_vector, full_vector)
  select c.id, c.language, v.vector, search.field_vector(c.language, c.title, 'A'),
         v.vector || coalesce(search.field_vector(c.language, search.plain_text(cc.text_markdown), 'C'), ''::tsvector)
    from public.clips c
    left join public.clip_copies cc on cc.clip_id = c.id
   cross join lateral (select search.clip_vector(c.language, c.title, c.outlet, c.summary) as vector) v
   where c.id = index_clip.id
  on conflict (clip_id) do update
    set language = excluded.language, vector = excluded.vector, title_vector = excluded.title_vector, full_vector = excluded.full_vector;
$$;

comment on function search.index_clip(uuid) is 'Writes a clip''s entry in search.clips from the clip and its archived copy.';

create or replace function search.index_clip_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform search.index_clip(new.id);
  return null;
end;
$$;

create or replace function search.index_clip_of_copy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a copy deleted with its clip leaves nothing to index (the cascade removed the entry).
  perform search.index_clip(case when tg_op = 'DELETE' then old.clip_id else new.clip_id end);
  if tg_op = 'UPDATE' and old.clip_id <> new.clip_id then
    perform search.index_clip(old.clip_id);
  end if;
  return null;
end;
$$;

comment on function search.index_clip_row() is 'Trigger: (re)indexes a clip in the transaction that writes it.';
comment on function search.index_clip_of_copy() is 'Trigger: (re)indexes a clip in the transaction that writes or deletes its archived copy.';

create trigger clips_index_for_search
  after insert
  on public.clips
  for each row
  execute function search.index_clip_row();

create trigger clips_reindex_for_search
  after update of title, outlet, summary, language
  on public.clips
  for each row
  when (old.title is distinct from new.title or old.outlet is distinct from new.outlet
        or old.summary is distinct from new.summary or old.language is distinct from new.language)
  execute function search.index_clip_row();

create trigger clip_copies_index_for_search
  after insert or update of text_markdown, clip_id or delete
  on public.clip_copies
  for each row
  execute function search.index_clip_of_copy();

select search.index_clip(c.id) from public.clips c;

-- definer, as search.post_matches: ids and ranks only. rank is with the
-- public fields alone (null when they do not match), full_rank with the copy
-- too (null when even that does not match).
create or replace function search.clip_matches(words text)
returns table (clip_id uuid, rank real, full_rank real)
language sql
stable
security definer
set search_path = ''
as $$
  with q as (
    select search.query_pt(words) as pt, websearch_to_tsquery('search.english'::regconfig, words) as en
  )
  -- 3: the title matches, 2: title, outlet and summary, 1: only with the
  -- copy. the copy's big vector is read only when the smaller ones do not
  -- decide: a query that excludes a word must not find a clip whose copy
  -- holds it.
  select s.clip_id,
         case when s.vector @@ x.q then case when s.title_vector @@ x.q then 3 else 2 end end::real,
         case when x.negated and not s.full_vector @@ x.q then null
              when s.title_vector @@ x.q then 3
              when s.vector @@ x.q then 2
              when s.full_vector @@ x.q then 1 end::real
    from q
   cross join lateral (values ('pt', q.pt, q.pt::text ~ '!'), ('en', q.en, q.en::text ~ '!')) as x (language, q, negated)
    join search.clips s on s.language = x.language
   -- both: "word -other" matches the public fields of a clip whose copy holds "other".
   where numnode(x.q) > 0 and (s.vector @@ x.q or s.full_vector @@ x.q);
$$;

comment on function search.clip_matches(text) is 'Every clip whose words match, hidden ones too: rank with title, outlet and summary alone (3 title, 2 outlet or summary; null when they do not match), full_rank with the archived copy too (1 when only the copy matches). Only for public.search_site, which keeps what the reader may read.';

revoke execute on function search.clip_vector(text, text, text, text), search.index_clip(uuid), search.index_clip_row(),
  search.index_clip_of_copy(), search.clip_matches(text) from public;
grant execute on function search.clip_matches(text) to anon, authenticated, service_role;

-- security invoker, as before: the joins to public.blog_posts, public.clips
-- and public.clip_copies run under the reader's row level security. a clip
-- counts with its copy's words only when the copy row is readable to her.
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
  -- every match the reader may read: ids, ranks and dates only (thousands
  -- of rows for a common word); the texts are read for the page's ten.
  found as (
    select 'post'::text as kind, p.id, p.language, p.date as sort_date, m.rank
      from search.post_matches((select w.text from words w)) m
      join public.blog_posts p on p.id = m.post_id
    union all
    select 'clip', c.id, c.language, c.published_on::timestamptz, case when cc.clip_id is not null then m.full_rank else m.rank end
      from search.clip_matches((select w.text from words w)) m
      join public.clips c on c.id = m.clip_id
      left join public.clip_copies cc on cc.clip_id = c.id
     where case when cc.clip_id is not null then m.full_rank else m.rank end is not null
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
     order by f.rank desc, f.sort_date desc nulls last, f.id
     limit 10
    offset 10 * (least(greatest(coalesce(search_site.page, 1), 1), 1000) - 1)
  ),
  detailed as (
    select r.kind, r.id, r.language, r.rank, r.sort_date, p.slug, p.title,
           concat_ws(E'\n', nullif(p.excerpt, ''), search.plain_text(p.content)) as body,
           p.date as published_at, null::date as published_on, p.category, null::text as outlet, null::text as url
      from page_rows r
      join public.blog_posts p on p.id = r.id
     where r.kind = 'post'
    union all
    select r.kind, r.id, r.language, r.rank, r.sort_date, c.slug, c.title,
           concat_ws(E'\n', nullif(c.summary, ''), search.plain_text(cc.text_markdown)),
           null, c.published_on, null, c.outlet, c.url
      from page_rows r
      join public.clips c on c.id = r.id
      left join public.clip_copies cc on cc.clip_id = c.id
     where r.kind = 'clip'
  ),
  marked as (
    select d.*, case when d.language = 'pt' then search.query_pt(w.text) else websearch_to_tsquery('search.english'::regconfig, w.text) end as tsq,
           case when d.language = 'pt' then 'search.portuguese'::regconfig else 'search.english'::regconfig end as config
      from detailed d, words w
  )
  select m.kind, m.id, m.language, m.slug,
         ts_headline(m.config, translate(m.title, U&'\E000\E001', ''), m.tsq,
                     U&'HighlightAll=true, StartSel=\E000, StopSel=\E001'),
         ts_headline(m.config, translate(left(m.body, 100000), U&'\E000\E001', ''), m.tsq,
                     U&'MaxFragments=1, MaxWords=32, MinWords=16, ShortWord=2, StartSel=\E000, StopSel=\E001'),
         m.published_at, m.published_on, m.category, m.outlet, m.url, c.total, c.other_total
    from counts c
    left join marked m on true
   order by m.rank desc, m.sort_date desc nulls last, m.id;
$$;

comment on function public.search_site(text, text, integer) is 'Searches the posts and published clips the caller may read (security invoker: row level security decides; an archived copy''s words count only when the caller may read the copy) for a reader''s words (websearch syntax: "a phrase", -excluded; cut at 200 characters). Ten results of language lang, page by page (1-based), best first (title above excerpt/outlet/summary above text, newest among equals); title and passage with the matched words between U+E000 and U+E001; kind ''post'' or ''clip''; total = results in lang, other_total = in the other language. Always one row at least: when this page holds no result, a single row whose kind is null carries the counts.';

revoke execute on function public.search_site(text, text, integer) from public;
grant execute on function public.search_site(text, text, integer) to anon, authenticated, service_role;
