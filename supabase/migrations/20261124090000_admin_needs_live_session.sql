-- migration: admin rights end with her session, not with her token (issue 22, finding 3)
-- purpose: an access token lives up to an hour (jwt_expiry), and postgrest and
--          realtime check only its signature and expiry. after "sair de todos os
--          dispositivos" (logout with scope global), a password reset that ends her
--          other sessions, or a refresh token's reuse that ends its session, the old
--          token must not keep reading drafts or writing posts, settings and
--          pictures. gotrue deletes the session row (or sets its not_after) when a
--          session ends, and puts the session's id in every access token
--          (session_id), so the admin check also requires that row to be live.
--          hosted projects have the same table and claim: this applies unchanged
--          with supabase db push. cost: one primary-key probe of auth.sessions per
--          statement that asks (the policies call is_admin() once per statement,
--          through (select …)); npm run bench prints it.
-- affects: function public.has_live_session() (new), function public.is_admin()

-- security definer: the api roles have no read access to auth.sessions (nor should
-- they). empty search_path so nothing can shadow the names it uses. the claim is
-- checked to be a uuid before the cast, so a token without one (or a forged-looking
-- one, which could not be signed anyway) is simply not live, never an error.
create or replace function public.has_live_session()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from auth.sessions s
    where s.id = (
            select case
              when (auth.jwt() ->> 'session_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
              then (auth.jwt() ->> 'session_id')::uuid
            end
          )
      and s.user_id = (select auth.uid())
      and (s.not_after is null or s.not_after > now())
  );
$$;

comment on function public.has_live_session() is 'True when the session named by the caller''s JWT (session_id) still exists in auth.sessions for this user and has not ended (not_after). Sign-out, a password reset and refresh-token reuse end sessions; the admin check requires a live one.';

revoke execute on function public.has_live_session() from public;
grant execute on function public.has_live_session() to anon, authenticated, service_role;

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
  )
  and (select public.has_live_session());
$$;

comment on function public.is_admin() is 'True when the caller (auth.uid() of the request''s JWT) holds the admin role and the JWT''s session is still live (public.has_live_session()). Used by the row level security policies and by the SPA through rpc(''is_admin'').';
