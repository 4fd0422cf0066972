-- migration: her published work in the backups (issue 43, decision 272)
-- purpose: a backup (server/backup, "Exportar tudo") carries the clips, their
--          archived copies and the feeds she follows (clips.json), and the
--          objects of clip-files and clip-pages; a restore brings them back,
--          repeatably like posts: a clip the site has (same id) is updated,
--          one whose address another clip of the site already has is left
--          (counted as kept), a slug another clip holds is made anew. the
--          copies are the worker's to write, so her restore goes through this
--          function, which checks that she is the admin (or the service key).
-- affects: functions public.clips_backup(), public.clips_restore(jsonb)

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
    'clips', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at, c.id) from public.clips c), '[]'::jsonb),
    'copies', coalesce((select jsonb_agg(to_jsonb(k) order by k.clip_id) from public.clip_copies k), '[]'::jsonb));
end;
$$;

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

comment on function public.clips_restore(jsonb) is 'Restores a backup''s clips.json (feeds, clips, copies), repeatably: same id updated, an address the site already has kept as it is, a taken slug made anew. The admin (aal as required) or the service key only.';

revoke execute on function public.clips_backup(), public.clips_restore(jsonb) from public, anon;
grant execute on function public.clips_backup(), public.clips_restore(jsonb) to authenticated, service_role;
