-- migration: an admin with two-factor sign-in writes only from an aal2 session (issue 14)
-- purpose: a stolen or guessed password alone must not publish in her name. once
--          an admin has a verified factor in auth.mfa_factors, every write to the
--          posts, the settings and the post images needs a session that proved it
--          (the jwt's aal claim is 'aal2'); so do her drafts, which are not public.
--          an admin without a factor is unaffected (aal1 suffices), so enabling
--          two-factor sign-in is her choice, and published posts stay public.
--          supabase's documented pattern (restrictive policies on auth.jwt()->>'aal'
--          and auth.mfa_factors), in one function. applies unchanged to a hosted
--          project, where gotrue fills auth.mfa_factors and the aal claim.
-- affects: function public.has_required_aal(); restrictive policies on
--          public.blog_posts, public.site_settings and storage.objects

-- security definer: the api roles have no read access to auth.mfa_factors (nor
-- should they). empty search_path so nothing can shadow the names it uses.
create or replace function public.has_required_aal()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (
        select 1
        from auth.mfa_factors
        where user_id = (select auth.uid())
          and status = 'verified'
      );
$$;

comment on function public.has_required_aal() is 'True when the caller''s session is aal2, or the caller has no verified second factor. Restrictive policies require it for admin writes and for reading drafts.';

revoke execute on function public.has_required_aal() from public;
grant execute on function public.has_required_aal() to anon, authenticated, service_role;

-- restrictive policies are and-ed with the permissive ones: is_admin() still
-- decides who may write; these add "and with her second factor, if she has one".

-- blog_posts: drafts are read only at the required level; published posts by anyone.
create policy "Drafts need the caller's second factor"
  on public.blog_posts
  as restrictive
  for select
  to authenticated
  using (published or (select public.has_required_aal()));

create policy "Creating posts needs the admin's second factor"
  on public.blog_posts
  as restrictive
  for insert
  to authenticated
  with check ((select public.has_required_aal()));

create policy "Editing posts needs the admin's second factor"
  on public.blog_posts
  as restrictive
  for update
  to authenticated
  using ((select public.has_required_aal()))
  with check ((select public.has_required_aal()));

create policy "Deleting posts needs the admin's second factor"
  on public.blog_posts
  as restrictive
  for delete
  to authenticated
  using ((select public.has_required_aal()));

-- site_settings: only updated by admins (no insert or delete policy exists).
create policy "Editing settings needs the admin's second factor"
  on public.site_settings
  as restrictive
  for update
  to authenticated
  using ((select public.has_required_aal()))
  with check ((select public.has_required_aal()));

-- storage.objects: the post-images bucket only; other buckets keep their own rules.
create policy "Uploading post images needs the admin's second factor"
  on storage.objects
  as restrictive
  for insert
  to authenticated
  with check (bucket_id <> 'post-images' or (select public.has_required_aal()));

create policy "Replacing post images needs the admin's second factor"
  on storage.objects
  as restrictive
  for update
  to authenticated
  using (bucket_id <> 'post-images' or (select public.has_required_aal()))
  with check (bucket_id <> 'post-images' or (select public.has_required_aal()));

create policy "Deleting post images needs the admin's second factor"
  on storage.objects
  as restrictive
  for delete
  to authenticated
  using (bucket_id <> 'post-images' or (select public.has_required_aal()));
