-- migration: a withdrawn correction dates the post's last public change
-- purpose: a correction stamps blog_posts.revised_at when it is added, and
--          the fediverse worker sends an Update when that time moves past
--          what followers were told. since the Article carries the post's
--          corrections (decision 310), withdrawing one changes what followers
--          should read too, but nothing moved: their copy kept the withdrawn
--          note. withdrawing now stamps revised_at with the time of the
--          withdrawal, as adding does with the correction's own time, so the
--          page's "Atualizado em", the feed's dcterms:modified and the
--          fediverse's Update all follow it. a correction that goes with its
--          post (the post deleted) stamps nothing: the row is gone.
-- affects: function private.blog_post_corrections_mark_revised() (replaced:
--          it serves deletes too); trigger blog_post_corrections_mark_withdrawn
--          on public.blog_post_corrections

create or replace function private.blog_post_corrections_mark_revised()
returns trigger
language plpgsql
-- definer: stamping the post is the correction's consequence, not a second permission to ask for.
security definer
set search_path = ''
as $$
begin
  perform set_config('blog.stamping_correction', 'on', true);
  if tg_op = 'DELETE' then
    update public.blog_posts p set revised_at = greatest(p.revised_at, now()) where p.id = old.post_id;
  else
    update public.blog_posts p set revised_at = greatest(p.revised_at, new.created_at) where p.id = new.post_id;
  end if;
  perform set_config('blog.stamping_correction', 'off', true);
  return null;
end;
$$;

comment on function private.blog_post_corrections_mark_revised() is 'Trigger: a correction dates the post''s last public change (blog_posts.revised_at) with its own time when added and with the time of its withdrawal when deleted, leaving its last edit (updated_at) as it was.';

create trigger blog_post_corrections_mark_withdrawn
  after delete
  on public.blog_post_corrections
  for each row
  execute function private.blog_post_corrections_mark_revised();
