-- migration: live changes and edit conflicts (issue 15)
-- purpose: the admin panel and open pages follow changes made elsewhere
--          (supabase realtime's postgres_changes, which emits only the tables
--          of the supabase_realtime publication), and a save never silently
--          overwrites a change made elsewhere since the form was loaded: the
--          client's update names the updated_at it loaded, so the database
--          matches no row when the row has moved on. site_settings gets the
--          updated_at that check needs.
-- affects: publication supabase_realtime (+ public.blog_posts, public.site_settings);
--          column public.site_settings.updated_at and its trigger

-- hosted projects have the publication; a plain postgres may not.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

alter publication supabase_realtime add table public.blog_posts, public.site_settings;

-- ---------------------------------------------------------------------------
-- site_settings.updated_at: the last change of a setting, kept by the database
-- ---------------------------------------------------------------------------

alter table public.site_settings add column updated_at timestamptz not null default now();

comment on column public.site_settings.updated_at is 'When the setting was last changed; set by trigger site_settings_set_updated_at, never by clients. The admin panel saves with updated_at = the value it loaded, so a change made elsewhere meanwhile is not overwritten.';

create or replace function public.site_settings_set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end;
$$;

comment on function public.site_settings_set_updated_at() is 'Trigger: stamps site_settings.updated_at with the time of the write.';

create trigger site_settings_set_updated_at
  before insert or update
  on public.site_settings
  for each row
  execute function public.site_settings_set_updated_at();
