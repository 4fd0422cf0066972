-- migration: the cover's description (issue 12)
-- purpose: every picture has a text alternative for readers who cannot see
--          it (screen readers, images that fail to load, link previews).
--          pictures in the text carry theirs in the markdown; the cover's
--          lives here. empty means the post's title stands in for it.
-- affects: column public.blog_posts.image_alt

alter table public.blog_posts add column image_alt text;

comment on column public.blog_posts.image_alt is 'Text alternative of the cover picture (image_url); optional: the title stands in when empty.';
