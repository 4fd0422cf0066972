/**
 * Shared harness of the integration layer (DESIGN.md, "Tests, in layers"):
 * the real supabase-js client against the real local backend, started in this
 * process by server/index.ts's startServer.
 *
 * - One backend per test file and target, on a fresh temporary DATA_DIR, so
 *   files never see each other's rows. Its database is a copy of one migrated
 *   and seeded once per run (server/db/testing/templates.ts, decision 260):
 *   the same database a new start makes, without migrating it again per file.
 * - Targets: always PGlite; PostgreSQL too when TEST_DATABASE_URL is set. Each
 *   PostgreSQL run gets its own new database on that server (copied from a
 *   template database, dropped afterwards); the template was migrated and
 *   seeded as a non-superuser role shaped like a hosted project's `postgres`
 *   (HOSTED_MIGRATION_ROLE), so a statement only a superuser may run fails
 *   here, and the server migrates each copy again as that role (nothing left
 *   to apply). A failure there fails the tests: it is never skipped.
 * - Suites use `describe.each(targets)('… on $name', (target) => { const b = useBackend(target) … })`;
 *   the PostgreSQL run's test names then contain "PostgreSQL", which is how
 *   scripts/test-all.ts counts them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { distDir } from '../../scripts/build.ts';
import { onServer } from '../../server/db/on-server.ts';
import { startServer, type StartOptions } from '../../server/index.ts';
import { viewBufferFor } from '../../server/stats/view-buffer.ts';
import { copyPgliteTemplate, createDatabaseFromTemplate, type TemplateSpec } from '../../server/db/testing/templates.ts';
import { PROJECT_ROOT } from '../../server/config.ts';
import type { AuthSettings } from '../../server/deps.ts';
import type { Database } from '../../src/types/database.types.ts';

export type Client = SupabaseClient<Database>;

export interface Target {
  name: 'PGlite' | 'PostgreSQL';
  /** PostgreSQL only: the server to create the per-file database on. */
  serverUrl?: string;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/**
 * The role the PostgreSQL runs migrate as, shaped like a hosted project's
 * `postgres` (server/db/hosted-roles.sql). Not `postgres` itself: roles are
 * shared by a server's databases, and there it is usually the superuser.
 */
export const HOSTED_MIGRATION_ROLE = 'hosted_postgres';

/** The product's own schema and demo content, as `npm start` makes them. */
export const SUPABASE_SCHEMA: TemplateSpec = {
  migrationsDir: path.join(PROJECT_ROOT, 'supabase', 'migrations'),
  seedFile: path.join(PROJECT_ROOT, 'supabase', 'seed.sql'),
};

export const targets: Target[] = [
  { name: 'PGlite' },
  ...(testDatabaseUrl ? [{ name: 'PostgreSQL' as const, serverUrl: testDatabaseUrl }] : []),
];

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A client signed in as this user (its own session, nothing persisted). */
  client: Client;
}

export interface Backend {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  /** A new client with the anon key and no session: a visitor. */
  anon(): Client;
  /** The service_role client (bypasses RLS): setup and counting only. */
  readonly service: Client;
  /** A confirmed user made through the admin API, then signed in with the password. */
  createUser(prefix?: string): Promise<TestUser>;
  /** createUser plus an admin row in user_roles, written by the service_role. */
  createAdmin(prefix?: string): Promise<TestUser>;
  /** Row count of a table as the service_role sees it (all rows). */
  count(table: 'blog_posts' | 'site_settings' | 'user_roles'): Promise<number>;
  /** Raw HTTP to the backend, for what supabase-js cannot send (bad JSON, …). */
  request(pathAndQuery: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /**
   * SQL straight on the backend's database as its owner (catalog checks only),
   * after the readers' view beacons answered so far are written (the server
   * counts them in batches, issue 42), as her own reads of the numbers do.
   */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Which database this backend runs on. */
  readonly target: Target;
  /** The backend's own database interface (an Edge Function's handler built on the same database). */
  readonly db: Awaited<ReturnType<typeof startServer>>['db'];
  /** The server's DATA_DIR (stored files live under it). */
  readonly dataDir: string;
  /** Resolves once the mail worker found nothing more to send. */
  drainMail(): Promise<void>;
  /** Resolves once the fediverse delivery worker found nothing more to write or send now. */
  drainFediverse(): Promise<void>;
  /** The clips worker (options.clips only). */
  readonly clipsWorker: NonNullable<Awaited<ReturnType<typeof startServer>>['clipsWorker']>;
}

export function newClient(url: string, key: string): Client {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `it_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (e) {
    await admin.end().catch(() => {});
    throw new Error(
      `TEST_DATABASE_URL is set, but creating the test database ${name} on it failed: ${(e as Error).message}. ` +
        'Check that the server runs and the URL is right; its role needs CREATEDB (every test file gets a new database).',
      { cause: e },
    );
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Starts one backend for the enclosing describe block (beforeAll) and stops it
 * afterwards. The returned object is usable inside tests and hooks only.
 */
export interface BackendOptions {
  /** Serve the built site (dist/, built by the global setup): server-rendered pages, feeds, cards. */
  site?: boolean;
  /** SITE_URL for the site's absolute links; default each request's own origin. */
  siteUrl?: string;
  /** Overrides of supabase/config.toml's [auth] settings (e.g. mail limits). */
  auth?: Partial<AuthSettings>;
  /** SMTP_URL, MAIL_FROM, MAIL_RATE and the worker's timings; default the outbox folder of its DATA_DIR. */
  mail?: StartOptions['mail'];
  /** The fediverse part's options: the test's own server on 127.0.0.1 allowed, the delivery worker's waits. */
  fediverse?: StartOptions['fediverse'];
  /** Migrate and seed a new database instead of copying the run's template: a second, separate install. */
  newInstall?: boolean;
  /** The clips worker's options, asked when the server starts (a test's outlet server is up by then). */
  clips?: () => StartOptions['clips'];
}

export function useBackend(target: Target, options: BackendOptions = {}): Backend {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let dataDir: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let service: Client | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'journalist-site-it-'));
    let databaseUrl: string | undefined;
    // A copy of the migrated and seeded database (decision 260): what a new one would be, without 7–11 s of
    // migrating; or, for a test about two installs, a new one (the demo posts' ids are drawn at the seed).
    if (target.name === 'PostgreSQL') {
      const db = options.newInstall
        ? await createDatabase(target.serverUrl!)
        : await createDatabaseFromTemplate(target.serverUrl!, { ...SUPABASE_SCHEMA, migrationRole: HOSTED_MIGRATION_ROLE });
      databaseUrl = db.url;
      dropDatabase = db.drop;
    } else if (!options.newInstall) {
      await copyPgliteTemplate(dataDir, SUPABASE_SCHEMA);
    }
    server = await startServer({
      port: 0,
      dataDir,
      databaseUrl,
      jwtSecret: undefined,
      spaDir: options.site ? distDir : undefined,
      siteUrl: options.siteUrl,
      auth: options.auth,
      mail: options.mail,
      fediverse: options.fediverse,
      clips: options.clips?.(),
      // As `supabase db push` runs them on a hosted project: as a postgres that is no superuser (issue 22).
      migrationRole: target.name === 'PostgreSQL' ? HOSTED_MIGRATION_ROLE : undefined,
    });
    service = newClient(server.url, server.serviceRoleKey);
  });

  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const need = () => {
    if (!server || !service) throw new Error('The backend is not started: use the harness inside tests and hooks.');
    return { server, service };
  };

  const backend: Backend = {
    target,
    get dataDir() {
      if (!dataDir) throw new Error('The backend is not started: use the harness inside tests and hooks.');
      return dataDir;
    },
    get db() {
      return need().server.db;
    },
    get clipsWorker() {
      const worker = need().server.clipsWorker;
      if (!worker) throw new Error('Start the backend with options.clips to have a clips worker.');
      return worker;
    },
    get url() {
      return need().server.url;
    },
    get anonKey() {
      return need().server.anonKey;
    },
    get serviceRoleKey() {
      return need().server.serviceRoleKey;
    },
    get service() {
      return need().service;
    },
    anon() {
      const { server: s } = need();
      return newClient(s.url, s.anonKey);
    },
    async createUser(prefix = 'user') {
      const { server: s, service: svc } = need();
      const email = uniqueEmail(prefix);
      const password = `pw-${randomUUID()}`;
      const created = await svc.auth.admin.createUser({ email, password, email_confirm: true });
      if (created.error || !created.data.user) throw new Error(`admin.createUser failed: ${created.error?.message}`);
      const client = newClient(s.url, s.anonKey);
      const signedIn = await client.auth.signInWithPassword({ email, password });
      if (signedIn.error) throw new Error(`signInWithPassword failed: ${signedIn.error.message}`);
      return { id: created.data.user.id, email, password, client };
    },
    async createAdmin(prefix = 'admin') {
      const user = await backend.createUser(prefix);
      const { error } = await need().service.from('user_roles').insert({ user_id: user.id, role: 'admin' });
      if (error) throw new Error(`granting admin failed: ${error.message}`);
      return user;
    },
    async count(table) {
      const { count, error } = await need().service.from(table).select('*', { count: 'exact', head: true });
      if (error || count === null) throw new Error(`count of ${table} failed: ${error?.message}`);
      return count;
    },
    drainMail() {
      return need().server.mailWorker.drain();
    },
    async drainFediverse() {
      // What the inbox kept first: a Follow handled there queues its Accept.
      await need().server.fediverse.inboxQueue.settled();
      await need().server.fediverse.delivery.drain();
    },
    async sql(query, params) {
      await viewBufferFor(need().server.db).flush();
      return (await need().server.db.query(query, params)).rows as never[];
    },
    request(pathAndQuery, init = {}) {
      const { server: s } = need();
      const { token, headers, ...rest } = init;
      return fetch(`${s.url}${pathAndQuery}`, {
        ...rest,
        headers: {
          apikey: s.anonKey,
          authorization: `Bearer ${token ?? s.anonKey}`,
          ...(headers as Record<string, string> | undefined),
        },
      });
    },
  };
  return backend;
}

/** The access token of a signed-in client (for raw requests). */
export async function accessToken(client: Client): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('the client has no session');
  return data.session.access_token;
}

/** The fixed category lists of spec §9, as the seed and the database use them. */
export const CATEGORIES = {
  en: ['Media Relations', 'Crisis Communication', 'Personal Experiences', 'Others'],
  pt: ['Relações com Mídia', 'Comunicação de Crise', 'Experiências Pessoais', 'Outros'],
} as const;

/** Every settings key the migrations create, in each language. */
export const SETTING_KEYS = [
  'about_description_1',
  'about_description_2',
  'about_subtitle',
  'about_title',
  'author_name',
  'blog_section_title',
  'contact_instagram_url',
  'contact_linkedin_company_url',
  'contact_linkedin_url',
  'contact_website_url',
  'contact_whatsapp_url',
  'contact_youtube_url',
  'footer_copyright',
  'footer_description',
  'hero_description',
  'hero_subtitle',
  'hero_title',
  'nav_about',
  'nav_blog',
  'nav_contact',
  'nav_home',
] as const;
