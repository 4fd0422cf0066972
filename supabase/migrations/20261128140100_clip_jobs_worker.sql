-- migration: the clips worker's doors (issue 43)
-- purpose: the worker (the local backend's, or `npm run clips -- worker`
--          against a hosted project with the service key) talks to the
--          database through the api only, so that both run the same code:
--          it claims jobs (for update skip locked), and each job's effect —
--          its clips, the archived copy, the followed feed, the job's state —
--          is written by one function call, one transaction: a failed job
--          leaves no half-written clip. the link check records each result
--          by the site's clock (public.site_now(), which tests move): a first
--          failure marks 'failing', a failure at least a day after the first
--          marks 'dead' ("Original fora do ar"), a success resets.
--          for service_role only: readers and the admin never call them.
-- affects: functions public.clip_jobs_claim(integer), public.clip_job_finish(uuid, jsonb, jsonb, jsonb),
--          public.clip_job_fail(uuid, text, timestamptz), public.clip_links_due(boolean, integer),
--          public.clip_link_checked(uuid, boolean, text)

create or replace function public.clip_jobs_claim(max_jobs integer default 1)
returns setof public.clip_jobs
language sql
set search_path = ''
as $$
  update public.clip_jobs j
     set state = 'working', started_at = now(), attempts = j.attempts + 1
   where j.id in (
     select id from public.clip_jobs
      -- a job left 'working' by a worker that died is taken again after 2 minutes (a job takes at most ~1).
      where (state = 'queued' and run_after <= now()) or (state = 'working' and started_at < now() - interval '2 minutes')
      order by created_at
      for update skip locked
      limit greatest(max_jobs, 1))
  returning j.*;
$$;

comment on function public.clip_jobs_claim(integer) is 'The clips worker takes up to max_jobs due jobs (skip locked: workers never share one) and marks them working.';

-- the job's effect at once. new_clips: rows for public.clips (with "line" for
-- a csv's line); the copy goes with the one clip of an 'add', or with the
-- job's clip_id ('archive'). a clip refused by the schema fails an 'add' (the
-- caller records why) and is listed among a csv's refusals.
create or replace function public.clip_job_finish(job_id uuid, new_clips jsonb, copy jsonb, job_result jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  job public.clip_jobs;
  c jsonb;
  made uuid;
  first_made uuid;
  added integer := 0;
  refused jsonb := coalesce(job_result -> 'refused', '[]'::jsonb);
  reason text;
  final jsonb := coalesce(job_result, '{}'::jsonb);
begin
  select * into job from public.clip_jobs where id = job_id for update;
  if not found then
    raise exception 'clip job % does not exist', job_id using errcode = 'no_data_found';
  end if;

  for c in select value from jsonb_array_elements(coalesce(new_clips, '[]'::jsonb)) loop
    begin
      insert into public.clips (id, kind, url, title, outlet, outlet_logo_url, byline, published_on, language, summary,
                                image_url, image_alt, file_path, status, featured, show_archive, slug, newsletter, source, feed_id)
      select coalesce(r.id, gen_random_uuid()), coalesce(r.kind, 'web'), r.url, r.title, r.outlet, r.outlet_logo_url, r.byline,
             r.published_on, r.language, r.summary, r.image_url, r.image_alt, r.file_path, coalesce(r.status, 'published'),
             coalesce(r.featured, false), coalesce(r.show_archive, false), r.slug, coalesce(r.newsletter, false),
             coalesce(r.source, 'url'), r.feed_id
        from jsonb_populate_record(null::public.clips, c) r
      returning id into made;
      added := added + 1;
      first_made := coalesce(first_made, made);
    exception
      when unique_violation then
        reason := 'Já existe uma publicação com este endereço.';
        if job.kind <> 'csv' then raise exception '%', reason using errcode = 'unique_violation'; end if;
        refused := refused || jsonb_build_array(jsonb_build_object('line', c -> 'line', 'reason', reason));
      when check_violation or not_null_violation or invalid_text_representation or datetime_field_overflow or invalid_datetime_format then
        reason := 'Campos inválidos: ' || sqlerrm;
        if job.kind <> 'csv' then raise exception '%', reason using errcode = 'check_violation'; end if;
        refused := refused || jsonb_build_array(jsonb_build_object('line', c -> 'line', 'reason', reason));
    end;
  end loop;

  if copy is not null then
    insert into public.clip_copies (clip_id, text_markdown, picture_path, page_path, final_url, fetched_at)
    values (coalesce(first_made, job.clip_id), coalesce(copy ->> 'text_markdown', ''), copy ->> 'picture_path',
            copy ->> 'page_path', copy ->> 'final_url', now())
    on conflict (clip_id) do update
      set text_markdown = excluded.text_markdown, picture_path = excluded.picture_path, page_path = excluded.page_path,
          final_url = excluded.final_url, fetched_at = excluded.fetched_at;
  end if;

  if job.kind = 'add' then
    final := final || jsonb_build_object('clip_id', first_made);
  elsif job.kind = 'csv' then
    final := final || jsonb_build_object('added', added, 'refused', refused);
  elsif job.kind = 'feed' then
    if coalesce((job.options ->> 'follow')::boolean, false) or job.options ? 'feed_id' then
      insert into public.clip_feeds (url, feed_url, title, outlet, language, last_checked_at)
      values (job.input, final ->> 'feed_url', final ->> 'title', job.options ->> 'outlet', job.options ->> 'language', now())
      on conflict (url) do update
        set feed_url = excluded.feed_url, title = coalesce(excluded.title, public.clip_feeds.title), last_checked_at = now();
    end if;
  end if;

  update public.clip_jobs
     set state = 'done', result = final, error = null, finished_at = now(), clip_id = coalesce(first_made, clip_jobs.clip_id)
   where id = job_id;
  return final;
end;
$$;

comment on function public.clip_job_finish(uuid, jsonb, jsonb, jsonb) is 'The clips worker writes a job''s effect (clips, copy, followed feed, result) and marks it done, in one transaction. An add whose clip the schema refuses raises, and nothing is written.';

-- a refusal (failed, with her reason), or a host that asked to wait (queued again after retry_at).
create or replace function public.clip_job_fail(job_id uuid, reason text, retry_at timestamptz default null)
returns void
language sql
set search_path = ''
as $$
  update public.clip_jobs
     set state = case when retry_at is not null and attempts < 5 then 'queued' else 'failed' end,
         run_after = coalesce(retry_at, run_after),
         error = left(reason, 500),
         finished_at = case when retry_at is not null and attempts < 5 then null else now() end
   where id = job_id;
$$;

-- the clips whose address is due a check: all (a check she asked for), or
-- those not checked this week, and a failing one a day after its failure.
create or replace function public.clip_links_due(every_clip boolean default false, max_clips integer default 1000)
returns table (id uuid, url text, link_status text)
language sql
stable
set search_path = ''
as $$
  select c.id, c.url, c.link_status from public.clips c
   where c.url is not null
     and (every_clip or c.link_checked_at is null
          or c.link_checked_at <= public.site_now() - interval '7 days'
          or (c.link_status = 'failing' and c.link_failed_at <= public.site_now() - interval '1 day'))
   order by c.link_checked_at nulls first, c.id
   limit max_clips;
$$;

create or replace function public.clip_link_checked(clip_id uuid, ok boolean, reason text default null)
returns text
language sql
set search_path = ''
as $$
  update public.clips c
     set link_checked_at = public.site_now(),
         link_status = case
           when ok then 'ok'
           when c.link_failed_at is not null and c.link_failed_at <= public.site_now() - interval '1 day' then 'dead'
           when c.link_status = 'dead' then 'dead'
           else 'failing' end,
         link_failed_at = case when ok then null else coalesce(c.link_failed_at, public.site_now()) end,
         link_error = case when ok then null else left(reason, 500) end
   where c.id = clip_link_checked.clip_id
  returning c.link_status;
$$;

comment on function public.clip_link_checked(uuid, boolean, text) is 'Records one check of a clip''s address by the site''s clock: a failure marks failing, a failure a day or more after the first of its run marks dead ("Original fora do ar"), a success resets to ok.';

revoke execute on function public.clip_jobs_claim(integer), public.clip_job_finish(uuid, jsonb, jsonb, jsonb),
  public.clip_job_fail(uuid, text, timestamptz), public.clip_links_due(boolean, integer),
  public.clip_link_checked(uuid, boolean, text) from public, anon, authenticated;
grant execute on function public.clip_jobs_claim(integer), public.clip_job_finish(uuid, jsonb, jsonb, jsonb),
  public.clip_job_fail(uuid, text, timestamptz), public.clip_links_due(boolean, integer),
  public.clip_link_checked(uuid, boolean, text) to service_role;

-- a clip's slug is the database's to make (clips_assign_slug): blank by default,
-- so the api's insert types do not ask the admin screen for one.
alter table public.clips alter column slug set default '';
