-- migration: the admin role
-- purpose: a distinct admin role, separate from "signed in". new sign-ups get no
--          row here, so they are not admins; an admin is made with the service_role
--          (npm run create-admin, or the dashboard's sql editor).
-- affects: type public.app_role, table public.user_roles, function public.is_admin()

-- ---------------------------------------------------------------------------
-- type
-- ---------------------------------------------------------------------------

create type public.app_role as enum ('admin');

comment on type public.app_role is 'Roles a user can hold in the application. Only admin exists: it may manage posts and site settings.';

-- ---------------------------------------------------------------------------
-- table
-- ---------------------------------------------------------------------------

create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null default 'admin',
  created_at timestamptz not null default now(),
  constraint user_roles_pkey primary key (user_id, role)
);

comment on table public.user_roles is 'Application roles granted to users. Written only by the service_role; a user may read their own rows.';
comment on column public.user_roles.user_id is 'The user (auth.users.id) holding the role; removed with the user.';
comment on column public.user_roles.role is 'The granted role.';
comment on column public.user_roles.created_at is 'When the role was granted.';

-- ---------------------------------------------------------------------------
-- row level security
-- ---------------------------------------------------------------------------

alter table public.user_roles enable row level security;

-- one policy per operation and role; no insert/update/delete policies: only the
-- service_role (which bypasses rls) grants or revokes roles.
create policy "Signed-in users can read their own roles"
  on public.user_roles
  for select
  to authenticated
  using ((select auth.uid()) = user_id);

-- ---------------------------------------------------------------------------
-- grants
-- ---------------------------------------------------------------------------

-- supabase's default privileges give the api roles every table right and let rls
-- decide. this table decides who is admin, so as a second line of defence the
-- api roles other than service_role lose the write rights outright.
grant select on table public.user_roles to anon, authenticated;
revoke insert, update, delete, truncate on table public.user_roles from anon, authenticated;
grant all on table public.user_roles to service_role;

-- ---------------------------------------------------------------------------
-- helper: is the caller an admin?
-- ---------------------------------------------------------------------------

-- security definer so policies can call it without the caller needing (or getting)
-- read access to other users' roles; empty search_path so nothing can shadow the
-- fully qualified names it uses.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles
    where user_id = (select auth.uid())
      and role = 'admin'::public.app_role
  );
$$;

comment on function public.is_admin() is 'True when the caller (auth.uid() of the request''s JWT) holds the admin role. Used by the row level security policies and by the SPA through rpc(''is_admin'').';

revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;
