-- migration: the public pages follow her fediverse moderation and her account's name (issue 45)
-- purpose: a post page shows the fediverse replies she approved, the homes her
--          address (@handle@host) and post pages name it (fediverse:creator).
--          the self-hosted renderer keeps each page until
--          private.site_content_version moves (20261123090000_published_pages),
--          so a reply approved, rejected after approval, edited or deleted by
--          its author while approved, and a renamed account, move it too.
--          a pending reply arriving (or rejected while pending) changes no
--          page: it moves nothing, so a flood of replies waiting for her never
--          empties the kept pages.
-- affects: triggers on public.fediverse_replies and public.fediverse_accounts

create trigger fediverse_replies_approved_bump_site_content_version
  after insert on public.fediverse_replies
  for each row when (new.state = 'approved')
  execute function private.bump_site_content_version();

create trigger fediverse_replies_moderated_bump_site_content_version
  after update on public.fediverse_replies
  for each row when (old.state = 'approved' or new.state = 'approved')
  execute function private.bump_site_content_version();

create trigger fediverse_replies_removed_bump_site_content_version
  after delete on public.fediverse_replies
  for each row when (old.state = 'approved')
  execute function private.bump_site_content_version();

create trigger fediverse_accounts_bump_site_content_version
  after insert or update or delete on public.fediverse_accounts
  for each statement
  execute function private.bump_site_content_version();
