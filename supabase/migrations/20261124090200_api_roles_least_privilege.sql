-- migration: the api roles hold only the rights they use (issue 22, finding 7)
-- purpose: supabase's default privileges give anon and authenticated every right
--          on each new table and function in public, and row level security does
--          not cover all of them: truncate empties a table whatever its policies,
--          trigger and references are never needed by a client, and revoking
--          execute "from public" leaves anon's own grant in place (anon could call
--          ensure_translation_group; only rls stopped the write). here each role
--          keeps what the product uses, per table and function, and new objects
--          of the role that runs the migrations start with nothing for the api
--          roles, so every later migration grants what it needs on purpose.
--          service_role keeps all (it bypasses rls by design: server-side only).
-- affects: privileges on public's tables and functions; default privileges of
--          the migrating role (postgres on a hosted project)

-- ---------------------------------------------------------------------------
-- tables: anon reads; authenticated reads and writes where rls lets admins
-- ---------------------------------------------------------------------------

revoke all on table public.blog_posts, public.site_settings, public.user_roles from anon, authenticated;

grant select on table public.blog_posts to anon, authenticated;
grant insert, update, delete on table public.blog_posts to authenticated;

grant select on table public.site_settings to anon, authenticated;
-- settings are edited, never created or removed through the api (seed and migrations make them).
grant update on table public.site_settings to authenticated;

grant select on table public.user_roles to anon, authenticated;

-- ---------------------------------------------------------------------------
-- functions: execute only where a client or a policy evaluated as that role
-- calls it. security definer functions run their inner calls as their owner,
-- so is_admin() needs no grant on has_live_session() for its callers.
-- ---------------------------------------------------------------------------

revoke execute on all functions in schema public from public, anon, authenticated;

-- the spa's admin guard asks rpc('is_admin'); anon gets false rather than an error.
grant execute on function public.is_admin() to anon, authenticated;
-- restrictive policies of authenticated call it.
grant execute on function public.has_required_aal() to authenticated;
-- the post dialog links a translation through it; rls decides whose posts.
grant execute on function public.ensure_translation_group(uuid) to authenticated;

grant execute on all functions in schema public to service_role;

-- ---------------------------------------------------------------------------
-- what later migrations create: nothing for the api roles until granted
-- ---------------------------------------------------------------------------

alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- postgres grants execute on every new function to public (every role) unless told not to.
alter default privileges revoke execute on functions from public;
