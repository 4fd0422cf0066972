/**
 * The migrations apply as a hosted project applies them (issue 22, finding
 * 7): on PostgreSQL, as a role shaped like hosted Supabase's `postgres`
 * (server/db/hosted-roles.sql: no superuser; the auth tables another role's,
 * the storage tables another role's), so that a statement only a superuser
 * may run fails here and not on her project. PGlite keeps migrating as its
 * one superuser: its half of each test says so.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MigrationError, migrate } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { createDatabase, HOSTED_MIGRATION_ROLE, targets, useBackend } from './harness.ts';

const MIGRATIONS = path.join(import.meta.dirname, '..', '..', 'supabase', 'migrations');

describe.each(targets)('who the migrations run as, on $name', (target) => {
  const b = useBackend(target);
  const hosted = target.name === 'PostgreSQL';

  it(hosted ? 'a role shaped like hosted postgres owns what they made' : 'the embedded superuser owns what they made', async () => {
    const [owners] = await b.sql<{ posts: string; sessions: string; objects: string; public_schema: string; super: boolean }>(
      `select (select r.rolname from pg_class c join pg_roles r on r.oid = c.relowner where c.oid = 'public.blog_posts'::regclass) as posts,
              (select r.rolname from pg_class c join pg_roles r on r.oid = c.relowner where c.oid = 'auth.sessions'::regclass) as sessions,
              (select r.rolname from pg_class c join pg_roles r on r.oid = c.relowner where c.oid = 'storage.objects'::regclass) as objects,
              (select r.rolname from pg_namespace n join pg_roles r on r.oid = n.nspowner where n.nspname = 'public') as public_schema,
              (select r.rolsuper from pg_class c join pg_roles r on r.oid = c.relowner where c.oid = 'public.blog_posts'::regclass) as super`,
    );
    if (!hosted) {
      expect(owners!.super).toBe(true);
      return;
    }
    expect(owners).toEqual({
      posts: HOSTED_MIGRATION_ROLE, sessions: 'supabase_auth_admin', objects: 'supabase_storage_admin', public_schema: HOSTED_MIGRATION_ROLE, super: false,
    });
    const [role] = await b.sql(
      `select rolsuper, rolcreaterole, rolcreatedb, rolbypassrls from pg_roles where rolname = $1`,
      [HOSTED_MIGRATION_ROLE],
    );
    expect(role).toEqual({ rolsuper: false, rolcreaterole: true, rolcreatedb: true, rolbypassrls: true });
  });

  it('the project\'s migrations and seed apply as that role (this file\'s backend started on them)', async () => {
    const applied = await b.sql<{ version: string }>('select version from local_backend.schema_migrations order by 1');
    const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'));
    expect(applied.map((r) => r.version)).toEqual(files.map((f) => f.split('_')[0]).sort());
    expect(await b.count('site_settings')).toBeGreaterThan(0);
  });
  // Hosted's role exists on the PostgreSQL run only; PGlite has no such tests rather than skipped ones.
  if (!hosted) return;

  it('hosted postgres may not: superuser statements, altering auth or storage tables', async () => {
    const asMigrator = (statement: string) =>
      b.sql(`do $$ begin set local role ${HOSTED_MIGRATION_ROLE}; ${statement}; end $$`).then(
        () => 'allowed',
        (e: { code?: string }) => e.code,
      );
    expect(await asMigrator('create role sneaky superuser')).toBe('42501');
    expect(await asMigrator(`create event trigger sneaky on ddl_command_end execute function local_backend.hosted_guard_ddl()`)).toBe('42501');
    expect(await asMigrator(`copy (select 1) to program 'true'`)).toBe('42501');
    expect(await asMigrator('alter table auth.users add column sneaky int')).toBe('42501');
    expect(await asMigrator('create index sneaky on storage.objects (created_at)')).toBe('42501');
    expect(await asMigrator('drop table storage.buckets cascade')).toBe('42501');
    // What hosted does let it do (each undone: the block raises at its end).
    const allowed = async (statement: string) =>
      b.sql(`do $$ begin set local role ${HOSTED_MIGRATION_ROLE}; ${statement}; raise exception using errcode = 'P0001'; end $$`).then(
        () => 'committed?',
        (e: { code?: string }) => (e.code === 'P0001' ? 'allowed' : e.code),
      );
    expect(await allowed(`create policy "probe" on storage.objects for select to authenticated using (false)`)).toBe('allowed');
    expect(await allowed(`alter role anon set statement_timeout = '4s'`)).toBe('allowed');
    expect(await allowed(`create function public.probe() returns bigint language sql security definer set search_path = '' as 'select count(*) from auth.sessions'`)).toBe('allowed');
  });

  it('a migration that needs a superuser fails the start, names its file, and leaves nothing behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hosted-migrations-'));
    const fresh = await createDatabase(target.serverUrl!);
    const db = await openPostgres(fresh.url);
    try {
      writeFileSync(path.join(dir, '20260101000000_fine.sql'), 'create table public.fine (id int primary key);');
      writeFileSync(path.join(dir, '20260101000100_needs_superuser.sql'), 'create table public.half (id int); create extension if not exists file_fdw;');
      const failed = await migrate(db, { migrationsDir: dir, seedFile: undefined, migrationRole: HOSTED_MIGRATION_ROLE }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(MigrationError);
      expect((failed as Error).message).toMatch(/20260101000100_needs_superuser\.sql failed: .*SQLSTATE 42501/);
      const tables = await db.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
      expect(tables.rows.map((r) => r.name)).toEqual(['fine']);
    } finally {
      await db.close();
      await fresh.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

});
