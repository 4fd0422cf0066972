-- migration: the post images bucket (issue 12)
-- purpose: the pictures of the posts (covers and images in the text) live in
--          supabase storage: a public bucket, so readers' browsers load them by
--          their public url without a token; only admins upload, replace and
--          delete them. jpeg, png, webp, avif and gif only (never svg or html,
--          which could carry scripts), at most 10 mb each.
-- affects: storage.buckets row 'post-images'; policies on storage.objects

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'post-images',
  'post-images',
  true,
  10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- select: anyone may read (and list) the post images; they are public anyway.
create policy "Anyone can read post images"
  on storage.objects
  for select
  to anon, authenticated
  using (bucket_id = 'post-images');

-- insert, update, delete: admins only.
create policy "Admins can upload post images"
  on storage.objects
  for insert
  to authenticated
  with check (bucket_id = 'post-images' and (select public.is_admin()));

create policy "Admins can replace post images"
  on storage.objects
  for update
  to authenticated
  using (bucket_id = 'post-images' and (select public.is_admin()))
  with check (bucket_id = 'post-images' and (select public.is_admin()));

create policy "Admins can delete post images"
  on storage.objects
  for delete
  to authenticated
  using (bucket_id = 'post-images' and (select public.is_admin()));
