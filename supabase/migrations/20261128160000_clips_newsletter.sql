-- migration: her new clips go to the subscribers of their language, as posts do (issue 43)
-- purpose: a clip published (status 'published', the clips' rule of who may
--          read it) with "Enviar aos assinantes" on is mailed once to every
--          confirmed subscriber of its language, through the same queue and the
--          same worker as posts: private.newsletter_enqueue_due() stays the one
--          entry point (the local backend's worker and `npm run mail-worker`
--          against a hosted project call it unchanged). a clip's date is the
--          day the outlet published it, often years ago, so what sends it is
--          "published with newsletter on", never its date. one row of
--          public.clip_newsletter_sends per clip ever mailed is why it never goes
--          twice (not after hiding and publishing it again, nor after an edit);
--          private.mail_queue gains a clip reference with its own once-per-
--          subscriber rule and the kind 'newsletter_clip'.
--          a backup carries when each clip was mailed (clips_backup), and a
--          restore records it (clips_restore), so restoring never mails a clip
--          again; a backup older than this records every clip with newsletter
--          on as mailed (a restore never mails what it brings back).
--          bulk imports never mail: the clips import path (server/clips/jobs.ts)
--          does not take newsletter from a job, and newsletter defaults to off.
-- affects: table public.clip_newsletter_sends (new); table private.mail_queue
--          (column clip_id, constraints mail_queue_clip_once,
--          mail_queue_kind_valid, mail_queue_clip_kind); index
--          clips_newsletter_idx; functions private.newsletter_enqueue_due(),
--          public.clips_backup(), public.clips_restore(jsonb)

-- ---------------------------------------------------------------------------
-- what was sent of each clip
-- ---------------------------------------------------------------------------

create table public.clip_newsletter_sends (
  clip_id uuid primary key references public.clips (id) on delete cascade,
  language text not null,
  queued_at timestamptz not null default now(),
  recipients integer not null default 0,
  constraint clip_newsletter_sends_language_valid check (language in ('pt', 'en'))
);

comment on table public.clip_newsletter_sends is 'One row per clip ever mailed to the subscribers: its existence is why a clip never goes out twice (not after hiding and publishing it again, nor after an edit, nor after a restore).';

alter table public.clip_newsletter_sends enable row level security;
create policy "Admins can see which clips were sent"
  on public.clip_newsletter_sends for select to authenticated
  using ((select public.is_admin()));
create policy "Seeing which clips were sent needs the admin's second factor"
  on public.clip_newsletter_sends as restrictive for select to authenticated
  using ((select public.has_required_aal()));
grant select on table public.clip_newsletter_sends to authenticated;
grant all on table public.clip_newsletter_sends to service_role;

-- the worker's look for clips to send: only the few marked and published.
create index clips_newsletter_idx on public.clips (created_at) where newsletter and status = 'published';

-- ---------------------------------------------------------------------------
-- the queue holds clips' mails too
-- ---------------------------------------------------------------------------

alter table private.mail_queue
  add column clip_id uuid references public.clips (id) on delete cascade,
  drop constraint mail_queue_kind_valid,
  add constraint mail_queue_kind_valid check (kind in ('auth', 'newsletter_confirm', 'newsletter_post', 'newsletter_clip', 'newsletter_test')),
  add constraint mail_queue_clip_kind check ((kind = 'newsletter_clip') = (clip_id is not null)),
  -- a clip reaches a subscriber once: the schema says so, not the worker.
  add constraint mail_queue_clip_once unique (clip_id, subscriber_id);

create index mail_queue_clip_idx on private.mail_queue (clip_id, state) where clip_id is not null;

-- ---------------------------------------------------------------------------
-- the worker's one entry point: posts, then clips
-- ---------------------------------------------------------------------------

-- posts as before (20261128100000). clips: published with newsletter on and
-- never sent, whatever their date. returns how many posts and clips were queued.
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

  for due in
    select c.id, c.language from public.clips c
     where c.newsletter and c.status = 'published'
       and not exists (select 1 from public.clip_newsletter_sends s where s.clip_id = c.id)
     order by c.created_at, c.id
  loop
    insert into public.clip_newsletter_sends (clip_id, language) values (due.id, due.language)
    on conflict (clip_id) do nothing;
    if not found then
      continue;
    end if;
    insert into private.mail_queue (kind, recipient, language, clip_id, subscriber_id)
    select 'newsletter_clip', s.email, due.language, due.id, s.id
      from public.newsletter_subscribers s
     where s.status = 'confirmed' and due.language = any(s.languages) and private.is_mailbox(s.email)
     order by s.confirmed_at, s.id
    on conflict on constraint mail_queue_clip_once do nothing;
    get diagnostics recipient_count = row_count;
    update public.clip_newsletter_sends set recipients = recipient_count where clip_id = due.id;
    queued := queued + 1;
  end loop;
  return queued;
end;
$$;

revoke all on function private.newsletter_enqueue_due() from public;

-- ---------------------------------------------------------------------------
-- backups: when each clip was mailed goes with it
-- ---------------------------------------------------------------------------

-- each clip's row gains newsletter_sent_at (null: not mailed yet).
create or replace function public.clips_backup()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (coalesce(auth.role(), '') = 'service_role' or ((select public.is_admin()) and (select public.has_required_aal()))) then
    raise exception 'Only the admin may read her clips for a backup.' using errcode = 'insufficient_privilege';
  end if;
  return jsonb_build_object(
    'feeds', coalesce((select jsonb_agg(to_jsonb(f) order by f.created_at, f.id) from public.clip_feeds f), '[]'::jsonb),
    'clips', coalesce((select jsonb_agg(to_jsonb(c) || jsonb_build_object('newsletter_sent_at', s.queued_at) order by c.created_at, c.id)
                         from public.clips c left join public.clip_newsletter_sends s on s.clip_id = c.id), '[]'::jsonb),
    'copies', coalesce((select jsonb_agg(to_jsonb(k) order by k.clip_id) from public.clip_copies k), '[]'::jsonb));
end;
$$;

-- as 20261128140200, and: a clip the backup says was mailed is recorded as
-- mailed here; from a backup made before clips were mailed (no
-- newsletter_sent_at at all), every clip with newsletter on is recorded as
-- mailed. in the same transaction as the clip: no worker sees it unrecorded.
create or replace function public.clips_restore(backup jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  f jsonb;
  c jsonb;
  k jsonb;
  r public.clips;
  sent_at timestamptz;
  added integer := 0;
  updated integer := 0;
  kept integer := 0;
  copies integer := 0;
begin
  if not (coalesce(auth.role(), '') = 'service_role' or ((select public.is_admin()) and (select public.has_required_aal()))) then
    raise exception 'Only the admin may restore her clips.' using errcode = 'insufficient_privilege';
  end if;

  for f in select value from jsonb_array_elements(coalesce(backup -> 'feeds', '[]'::jsonb)) loop
    insert into public.clip_feeds (id, url, feed_url, title, outlet, language, last_checked_at, created_at)
    select x.id, x.url, x.feed_url, x.title, x.outlet, x.language, x.last_checked_at, coalesce(x.created_at, now())
      from jsonb_populate_record(null::public.clip_feeds, f) x
    on conflict (url) do update set feed_url = excluded.feed_url, title = excluded.title, outlet = excluded.outlet, language = excluded.language;
  end loop;

  for c in select value from jsonb_array_elements(coalesce(backup -> 'clips', '[]'::jsonb)) loop
    r := jsonb_populate_record(null::public.clips, c);
    -- the feed as this site knows it (its id may differ when the feed was followed here too).
    r.feed_id := (select id from public.clip_feeds where id = r.feed_id
                  union all select id from public.clip_feeds where url = (select b ->> 'url' from jsonb_array_elements(backup -> 'feeds') b where b ->> 'id' = r.feed_id::text) limit 1);
    if exists (select 1 from public.clips where id = r.id) then
      update public.clips set kind = r.kind, url = r.url, title = r.title, outlet = r.outlet, outlet_logo_url = r.outlet_logo_url,
             byline = r.byline, published_on = r.published_on, language = r.language, summary = r.summary, image_url = r.image_url,
             image_alt = r.image_alt, file_path = r.file_path, status = r.status, featured = r.featured, show_archive = r.show_archive,
             newsletter = r.newsletter, source = r.source, feed_id = r.feed_id, link_status = r.link_status,
             link_checked_at = r.link_checked_at, link_failed_at = r.link_failed_at, link_error = r.link_error
       where id = r.id;
      updated := updated + 1;
    elsif r.url is not null and exists (select 1 from public.clips where url = r.url) then
      kept := kept + 1;
      continue;
    else
      if exists (select 1 from public.clips where language = r.language and slug = r.slug) then
        r.slug := null;
      end if;
      insert into public.clips (id, kind, url, title, outlet, outlet_logo_url, byline, published_on, language, summary, image_url, image_alt,
                                file_path, status, featured, show_archive, slug, newsletter, source, feed_id, link_status,
                                link_checked_at, link_failed_at, link_error, created_at)
      values (r.id, r.kind, r.url, r.title, r.outlet, r.outlet_logo_url, r.byline, r.published_on, r.language, r.summary, r.image_url,
              r.image_alt, r.file_path, r.status, r.featured, r.show_archive, r.slug, r.newsletter, r.source, r.feed_id,
              r.link_status, r.link_checked_at, r.link_failed_at, r.link_error, coalesce(r.created_at, now()));
      added := added + 1;
    end if;

    sent_at := null;
    if c ? 'newsletter_sent_at' then
      if jsonb_typeof(c -> 'newsletter_sent_at') = 'string' then
        sent_at := coalesce((c ->> 'newsletter_sent_at')::timestamptz, now());
      end if;
    elsif r.newsletter then
      sent_at := now();
    end if;
    if sent_at is not null then
      insert into public.clip_newsletter_sends (clip_id, language, queued_at)
      values (r.id, r.language, sent_at)
      on conflict (clip_id) do nothing;
    end if;
  end loop;

  for k in select value from jsonb_array_elements(coalesce(backup -> 'copies', '[]'::jsonb)) loop
    if exists (select 1 from public.clips where id = (k ->> 'clip_id')::uuid) then
      insert into public.clip_copies (clip_id, text_markdown, picture_path, page_path, final_url, fetched_at)
      select x.clip_id, x.text_markdown, x.picture_path, x.page_path, x.final_url, x.fetched_at
        from jsonb_populate_record(null::public.clip_copies, k) x
      on conflict (clip_id) do update set text_markdown = excluded.text_markdown, picture_path = excluded.picture_path,
        page_path = excluded.page_path, final_url = excluded.final_url, fetched_at = excluded.fetched_at;
      copies := copies + 1;
    end if;
  end loop;
  return jsonb_build_object('added', added, 'updated', updated, 'kept', kept, 'copies', copies);
end;
$$;

comment on function public.clips_restore(jsonb) is 'Restores a backup''s clips.json (feeds, clips, copies), repeatably: same id updated, an address the site already has kept as it is, a taken slug made anew; a clip mailed before is recorded as mailed, so a restore never mails it again. The admin (aal as required) or the service key only.';

revoke execute on function public.clips_backup(), public.clips_restore(jsonb) from public, anon;
grant execute on function public.clips_backup(), public.clips_restore(jsonb) to authenticated, service_role;
