-- migration: listing the post images needs her second factor too (issue 41, defect 6)
-- purpose: 20261124090100_post_images_listed_by_admins made listing, info and
--          authenticated downloads of post-images hers, but only through
--          is_admin(): an admin with two-factor sign-in who signed in with her
--          password alone (aal1) could still list the bucket, the covers of her
--          drafts included, while every other read of unpublished work (drafts,
--          revisions, review links, subscribers, statistics) asks for aal2. this
--          adds the restrictive rule the bucket's writes already have
--          (20261123160000_admin_writes_need_aal2), through the same helper:
--          public.has_required_aal() is true for an aal2 session and for an
--          admin without a verified factor, so nothing changes for her then.
--          readers lose nothing: a public bucket's files are served by their
--          public url without any select policy.
-- affects: a restrictive select policy on storage.objects (post-images only)

create policy "Listing post images needs the admin's second factor"
  on storage.objects
  as restrictive
  for select
  to authenticated
  using (bucket_id <> 'post-images' or (select public.has_required_aal()));
