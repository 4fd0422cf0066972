-- migration: site settings
-- purpose: the editable texts of the site (hero, navigation, about, blog title,
--          footer, contact links), one row per (key, language). everyone reads
--          them; admins edit their values.
-- affects: table public.site_settings and its rows for every known key

-- ---------------------------------------------------------------------------
-- table
-- ---------------------------------------------------------------------------

create table public.site_settings (
  id uuid not null default gen_random_uuid(),
  key text not null,
  value text not null default '',
  language text not null,
  description text,
  constraint site_settings_pkey primary key (id),
  constraint site_settings_key_language_key unique (key, language),
  constraint site_settings_language_valid check (language in ('pt', 'en'))
);

comment on table public.site_settings is 'Editable site texts, one row per key and language. An empty value makes the site use its built-in text.';
comment on column public.site_settings.id is 'Row id; the admin panel updates a setting by id.';
comment on column public.site_settings.key is 'Setting name, e.g. hero_title; the site looks texts up by key.';
comment on column public.site_settings.value is 'The text shown on the site; empty means the built-in default.';
comment on column public.site_settings.language is 'Language of the text: ''pt'' or ''en''.';
comment on column public.site_settings.description is 'Explains to the editor (in Portuguese) where the text appears.';

-- ---------------------------------------------------------------------------
-- indexes
-- ---------------------------------------------------------------------------

-- the public read: language = ? order by key.
create index site_settings_language_key_idx
  on public.site_settings (language, key);

-- ---------------------------------------------------------------------------
-- row level security
-- ---------------------------------------------------------------------------

alter table public.site_settings enable row level security;

-- select
create policy "Visitors can read site settings"
  on public.site_settings
  for select
  to anon
  using (true);

create policy "Signed-in users can read site settings"
  on public.site_settings
  for select
  to authenticated
  using (true);

-- update
create policy "Admins can update site settings"
  on public.site_settings
  for update
  to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

-- no insert or delete policy: the set of keys is fixed by migrations, and
-- visitors never write.

-- ---------------------------------------------------------------------------
-- grants (as supabase sets them: the api roles get the table, rls decides)
-- ---------------------------------------------------------------------------

grant select, insert, update, delete on table public.site_settings to anon, authenticated;
grant all on table public.site_settings to service_role;

-- ---------------------------------------------------------------------------
-- the known keys, in both languages, empty (the site falls back to its
-- built-in texts; seed.sql fills demo values)
-- ---------------------------------------------------------------------------

insert into public.site_settings (key, language, value, description)
select k.key, l.language, '', k.description
from (
  values
    ('hero_title', 'Título principal do banner no topo da página inicial.'),
    ('hero_subtitle', 'Subtítulo do banner, logo abaixo do título principal (por exemplo, a profissão).'),
    ('hero_description', 'Texto de apresentação do banner, abaixo do subtítulo (menciona os 31 anos de experiência).'),
    ('nav_home', 'Rótulo do link "Início" no menu do cabeçalho.'),
    ('nav_about', 'Rótulo do link "Sobre" no menu do cabeçalho.'),
    ('nav_blog', 'Rótulo do link "Blog" no menu do cabeçalho.'),
    ('nav_contact', 'Rótulo do link "Contato" no menu do cabeçalho.'),
    ('about_title', 'Título da seção "Sobre".'),
    ('about_subtitle', 'Subtítulo da seção "Sobre", abaixo do título.'),
    ('about_description_1', 'Primeiro parágrafo da seção "Sobre" (trajetória profissional).'),
    ('about_description_2', 'Segundo parágrafo da seção "Sobre" (áreas de atuação e forma de trabalho).'),
    ('blog_section_title', 'Título da seção do blog na página inicial (vazio: "Últimos Insights" / "Latest Insights").'),
    ('footer_description', 'Frase curta de apresentação no rodapé do site.'),
    ('footer_copyright', 'Linha de direitos autorais no rodapé do site.'),
    ('contact_whatsapp_url', 'Link do WhatsApp na seção de contato (por exemplo, https://wa.me/55DDDNÚMERO). Vazio: o link não aparece no site.'),
    ('contact_linkedin_url', 'Link do perfil pessoal no LinkedIn na seção de contato. Vazio: o link não aparece no site.'),
    ('contact_linkedin_company_url', 'Link da página da empresa no LinkedIn na seção de contato. Vazio: o link não aparece no site.'),
    ('contact_instagram_url', 'Link do perfil no Instagram na seção de contato. Vazio: o link não aparece no site.'),
    ('contact_website_url', 'Link do site da empresa na seção de contato. Vazio: o link não aparece no site.'),
    ('contact_youtube_url', 'Link do canal no YouTube na seção de contato. Vazio: o link não aparece no site.')
) as k (key, description)
cross join (values ('pt'), ('en')) as l (language)
on conflict (key, language) do nothing;
