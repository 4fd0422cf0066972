-- The roles of a hosted Supabase project, for running the migrations as its
-- `postgres` runs them (`supabase db push`): not a superuser (issue 22,
-- finding 7). Run by the superuser after bootstrap.sql, only when a migrating
-- role is asked for (the PostgreSQL integration layer asks for one), so that a
-- statement only a superuser may run fails in CI instead of on her project.
-- `:migrator` is replaced by the role's quoted name (server/db/migrate.ts).
--
-- The shape, as read off Supabase's own baseline (supabase/postgres
-- 10000000000000_demote-postgres, 20230201083204, 20240606060239,
-- 20250421084701; GoTrue 20240612123726; Storage 0046): CREATEROLE,
-- CREATEDB and BYPASSRLS; a member of the API roles and pg_read_all_data;
-- owner of the database (so of public), of `extensions` and of the
-- supabase_realtime publication; the auth tables owned by supabase_auth_admin
-- (the migrating role may read them, and write users and refresh tokens), the
-- storage tables by supabase_storage_admin. Hosted lets postgres write
-- policies on storage.objects through supautils' policy_grants; here it is a
-- member of supabase_storage_admin instead, and the event triggers at the end
-- refuse it what that membership would allow beyond hosted (altering,
-- indexing or dropping auth and storage objects).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = :'migrator_name') then
    create role :migrator nologin;
  end if;
end
$$;

alter role :migrator nosuperuser createrole createdb bypassrls inherit;
grant anon, authenticated, service_role to :migrator;
grant pg_read_all_data, pg_signal_backend to :migrator;
-- The stand-in for supautils' policy_grants on storage.objects (see above).
grant supabase_storage_admin to :migrator;

do $$
begin
  execute format('alter database %I owner to %I', current_database(), :'migrator_name');
end
$$;
alter schema public owner to :migrator;
alter schema extensions owner to :migrator;
alter publication supabase_realtime owner to :migrator;

-- The services' schemas are their roles': auth GoTrue's (its tables with row
-- level security on and no policies, as hosted has them), storage the Storage
-- service's. Tables, functions and enum types change owner.
do $$
declare
  s record;
  t record;
begin
  for s in select * from (values ('auth', 'supabase_auth_admin'), ('storage', 'supabase_storage_admin')) as v (schema, owner) loop
    for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = s.schema and c.relkind = 'r' loop
      execute format('alter table %I.%I owner to %I', s.schema, t.relname, s.owner);
      if s.schema = 'auth' then
        execute format('alter table auth.%I enable row level security', t.relname);
      end if;
    end loop;
    for t in select p.oid::regprocedure as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = s.schema loop
      execute format('alter function %s owner to %I', t.fn, s.owner);
    end loop;
    for t in select ty.typname from pg_type ty join pg_namespace n on n.oid = ty.typnamespace
              where n.nspname = s.schema and ty.typtype = 'e' loop
      execute format('alter type %I.%I owner to %I', s.schema, t.typname, s.owner);
    end loop;
  end loop;
end
$$;
-- As hosted's init: the services' own roles may use their schemas (their
-- tables' foreign keys are checked as the tables' owner).
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;

-- The migrating role reads auth (and writes users and refresh tokens), and
-- may grant on the storage tables, as hosted's postgres may.
grant usage on schema auth to :migrator;
revoke create on schema auth from :migrator;
grant select on all tables in schema auth to :migrator;
grant all on auth.users, auth.refresh_tokens to :migrator;
grant usage on schema storage to :migrator with grant option;
grant all on storage.buckets, storage.objects to :migrator with grant option;

-- Supabase's default privileges for what the migrating role creates in public,
-- set once (a migration may narrow them, and a restart must not widen them).
do $$
begin
  if not exists (select 1 from local_backend.schema_migrations) then
    execute format('alter default privileges for role %I in schema public grant all on tables to anon, authenticated, service_role', :'migrator_name');
    execute format('alter default privileges for role %I in schema public grant all on functions to anon, authenticated, service_role', :'migrator_name');
    execute format('alter default privileges for role %I in schema public grant all on sequences to anon, authenticated, service_role', :'migrator_name');
  end if;
end
$$;

-- What hosted refuses its postgres on auth and storage objects, whatever the
-- membership above allows: anything but policies, triggers, grants and comments.
create or replace function local_backend.hosted_guard_ddl() returns event_trigger
language plpgsql as $$
declare
  c record;
begin
  if current_user <> :'migrator_name' then
    return;
  end if;
  for c in select * from pg_event_trigger_ddl_commands() loop
    if c.schema_name in ('auth', 'storage')
       and c.object_type not in ('policy', 'trigger')
       and c.command_tag not in ('GRANT', 'REVOKE', 'CREATE POLICY', 'ALTER POLICY', 'COMMENT') then
      raise exception 'a hosted Supabase project refuses this to postgres: % on % (must be owner)', c.command_tag, c.object_identity
        using errcode = '42501';
    end if;
  end loop;
end
$$;

create or replace function local_backend.hosted_guard_drop() returns event_trigger
language plpgsql as $$
declare
  o record;
begin
  if current_user <> :'migrator_name' then
    return;
  end if;
  for o in select * from pg_event_trigger_dropped_objects() loop
    if o.schema_name in ('auth', 'storage') and o.object_type <> 'policy' then
      raise exception 'a hosted Supabase project refuses this to postgres: drop % % (must be owner)', o.object_type, o.object_identity
        using errcode = '42501';
    end if;
  end loop;
end
$$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'local_backend_hosted_guard_ddl') then
    create event trigger local_backend_hosted_guard_ddl on ddl_command_end execute function local_backend.hosted_guard_ddl();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'local_backend_hosted_guard_drop') then
    create event trigger local_backend_hosted_guard_drop on sql_drop execute function local_backend.hosted_guard_drop();
  end if;
end
$$;
