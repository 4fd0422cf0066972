-- migration: the content version announces itself (issue 42)
-- purpose: the self-hosted renderer on postgresql read private.site_content_version
--          on every page request, since other processes may write there; a
--          flood of other work (view beacons) then made readers wait for a turn
--          of the pool. now every move of the version is announced on the
--          channel site_content_version (delivered when its transaction
--          commits), which the server listens to (server/db/content-notices.ts)
--          and keeps pages without asking while it hears. on hosted supabase
--          nobody listens: a notice costs nothing there.
-- affects: function private.notify_site_content_version(), trigger
--          site_content_version_notify on private.site_content_version

create or replace function private.notify_site_content_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- one notice per transaction at most: postgresql folds identical ones.
  perform pg_notify('site_content_version', '');
  return null;
end;
$$;

comment on function private.notify_site_content_version() is 'Statement trigger: tells listeners (the local backend''s page cache) that the site''s content version moved.';

revoke all on function private.notify_site_content_version() from public;

create trigger site_content_version_notify
  after update on private.site_content_version
  for each statement
  execute function private.notify_site_content_version();
