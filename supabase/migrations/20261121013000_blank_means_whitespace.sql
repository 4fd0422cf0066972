-- migration: blank means any whitespace
-- purpose: btrim() only strips spaces, so a title of only newlines or tabs
--          passed blog_posts_title_not_blank, and such a category was not
--          treated as "no category". both now count every whitespace character.
-- affects: constraint blog_posts_title_not_blank, function public.blog_posts_check_category()

-- ---------------------------------------------------------------------------
-- title: at least one non-whitespace character
-- ---------------------------------------------------------------------------

-- drop and re-add under the same name so clients keep seeing that name; a
-- whitespace-only title could only have been written in the last minutes.
alter table public.blog_posts drop constraint blog_posts_title_not_blank;
alter table public.blog_posts
  add constraint blog_posts_title_not_blank check (title ~ '[^[:space:]]');

-- ---------------------------------------------------------------------------
-- category: whitespace only means no category
-- ---------------------------------------------------------------------------

create or replace function public.blog_posts_check_category()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  allowed text[];
begin
  -- a blank category (empty or whitespace only) means "no category"
  if new.category is not null and new.category !~ '[^[:space:]]' then
    new.category := null;
  end if;

  if new.category is null then
    return new;
  end if;

  allowed := case new.language
    when 'en' then array['Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others']
    when 'pt' then array['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros']
  end;

  -- an unknown language is left to the blog_posts_language_valid constraint
  if allowed is null then
    return new;
  end if;

  if not (new.category = any (allowed)) then
    raise exception 'Category "%" is not valid for a post in %. Use one of: %.',
        new.category, new.language, array_to_string(allowed, ', ')
      using errcode = 'check_violation',
            constraint = 'blog_posts_category_valid',
            schema = 'public',
            table = 'blog_posts',
            column = 'category',
            hint = 'Categories are fixed per language (spec §9); changing the language needs a category of the new language, or none.';
  end if;

  return new;
end;
$$;

comment on constraint blog_posts_title_not_blank on public.blog_posts is 'The title has at least one non-whitespace character.';
