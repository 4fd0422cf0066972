-- migration: her drafts do not move the content version (issue 42)
-- purpose: every statement on public.blog_posts moved private.site_content_version,
--          her draft's autosaves included (one every few seconds while she
--          writes). each move makes the local backend render every kept page
--          again on its next read, and tells the fediverse worker to compare
--          every post: work for readers' pages that a draft never changes. a
--          statement now moves the version only when a row it wrote is or was
--          published (scheduled posts count: published, their date ahead);
--          the publication clock moves it when a scheduled post's time comes.
--          truncate still moves it. the settings and corrections keep their
--          own triggers, unchanged.
-- affects: function private.bump_site_content_version_for_posts(); triggers
--          blog_posts_bump_site_content_version_{insert,update,delete,truncate}
--          replace blog_posts_bump_site_content_version

create or replace function private.bump_site_content_version_for_posts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  public_rows boolean := false;
begin
  -- a transition table exists only for the events that have it: each is
  -- named in a statement of its own, planned only when reached.
  if tg_op in ('INSERT', 'UPDATE') then
    public_rows := exists (select 1 from new_rows where published);
  end if;
  if not public_rows and tg_op in ('UPDATE', 'DELETE') then
    public_rows := exists (select 1 from old_rows where published);
  end if;
  if public_rows then
    update private.site_content_version
       set version = version + 1,
           changed_at = now();
  end if;
  return null;
end;
$$;

comment on function private.bump_site_content_version_for_posts() is 'Statement trigger on public.blog_posts: moves private.site_content_version when a written row is or was published; a draft''s writes leave it. Security definer: the writer (an admin through the api) has no rights on the private schema.';

revoke all on function private.bump_site_content_version_for_posts() from public;

drop trigger blog_posts_bump_site_content_version on public.blog_posts;

create trigger blog_posts_bump_site_content_version_insert
  after insert on public.blog_posts
  referencing new table as new_rows
  for each statement
  execute function private.bump_site_content_version_for_posts();

create trigger blog_posts_bump_site_content_version_update
  after update on public.blog_posts
  referencing old table as old_rows new table as new_rows
  for each statement
  execute function private.bump_site_content_version_for_posts();

create trigger blog_posts_bump_site_content_version_delete
  after delete on public.blog_posts
  referencing old table as old_rows
  for each statement
  execute function private.bump_site_content_version_for_posts();

create trigger blog_posts_bump_site_content_version_truncate
  after truncate on public.blog_posts
  for each statement
  execute function private.bump_site_content_version();
