-- migration: only admins list the post images (issue 22, finding 5)
-- purpose: the select policy of 20261123140000_post_images_bucket let anyone list
--          every object of post-images (name, size, type), including pictures no
--          published post uses yet: a cover uploaded for a draft told strangers
--          what she was about to publish. a public bucket's files are served by
--          their public url (/storage/v1/object/public/…) without any select
--          policy, on hosted storage and on the local backend alike, so readers
--          lose nothing; listing, info and authenticated downloads become hers.
-- affects: policies on storage.objects

drop policy if exists "Anyone can read post images" on storage.objects;

create policy "Admins can list and read post images"
  on storage.objects
  for select
  to authenticated
  using (bucket_id = 'post-images' and (select public.is_admin()));
