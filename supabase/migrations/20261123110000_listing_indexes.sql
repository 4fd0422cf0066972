-- migration: indexes for the paged listings
-- purpose: the public blog reads a page at a time (language, optionally
--          category, published, newest first with id breaking ties), and the
--          admin panel reads a language's posts a page at a time, newest
--          created first, and counts them. each query walks one index in
--          order and stops after its page.
-- affects: indexes on public.blog_posts

-- the public listing: language = ? and published order by date desc, id
-- (replaces the index without the tie-break column).
drop index if exists public.blog_posts_language_published_date_idx;
create index blog_posts_public_listing_idx
  on public.blog_posts (language, published, date desc, id);

-- the public listing of one category.
create index blog_posts_public_category_listing_idx
  on public.blog_posts (language, category, published, date desc, id);

-- the admin's list of one language: order by created_at desc, id.
create index blog_posts_admin_listing_idx
  on public.blog_posts (language, created_at desc, id);
