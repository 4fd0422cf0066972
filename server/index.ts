/**
 * Boots the local backend: config → database (migrated) → app → listen.
 *
 * `startServer(options)` does it in-process for `npm start`, the dev script,
 * the integration/e2e tests and the bench (port 0 = any free port). Run this
 * file directly (`tsx server/index.ts`) to start from the environment:
 * PORT (8080), HOST (127.0.0.1 = this machine only; 0.0.0.0 = every
 * interface, e.g. in a container), DATA_DIR, DATABASE_URL, JWT_SECRET.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type ServerOptions } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { parseBackupConfig, type BackupConfig } from './backup/config.ts';
import { startBackupScheduler, type BackupScheduler } from './backup/scheduler.ts';
import type { AppOptions, AuthSettings } from './deps.ts';
import { ConfigError, loadConfig, PROJECT_ROOT, readAuthSettings, resolveJwtSecret } from './config.ts';
import type { Database } from './db/database.ts';
import { DataDirInUseError } from './db/lock.ts';
import { forgetServerUrl, recordServerUrl } from './running-server.ts';
import { MigrationError } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { createApiKeys } from './keys.ts';
import { requireSupportedNode } from './runtime.ts';
import { builtSiteHost, SiteBuildError, type SiteHost } from './site/site-host.ts';
import { createRealtime } from './realtime/index.ts';
import { startPublicationClock, type PublicationClock } from './publication/clock.ts';
import { startStatsForgetting, type StatsForgetting } from './stats/forget-past.ts';
import { startEmbeddedMaintenance, type Maintenance } from './db/maintenance.ts';
import { beaconPath, type BeaconPathOptions } from './stats/beacon-path.ts';
import { viewBufferFor } from './stats/view-buffer.ts';
import { TemplateError } from './site/template.ts';
import { createQueueMailer } from './auth/mailer.ts';
import { parseFrom, parseMailConfig, type MailConfig } from './mail/config.ts';
import { createTransport } from './mail/transport/index.ts';
import { startMailWorker, type MailWorker } from './mail/worker.ts';
import { startFediverse, type Fediverse, type FediverseOptions } from './fediverse/index.ts';
import { startLocalClipsWorker, type ClipsWorkerStart } from './clips/local.ts';
import type { ClipsWorker } from './clips/worker.ts';

export interface StartOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1 (or HOST). */
  host?: string;
  /** DATA_DIR: embedded database in <dataDir>/db, jwt-secret, outbox. Default ./.data. */
  dataDir?: string | undefined;
  /** Use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string | undefined;
  /** Embedded database in memory (tests); dataDir, when given, still keeps the secret and outbox. */
  inMemory?: boolean;
  /** ≥ 32 chars; undefined = kept in <dataDir>/jwt-secret (random and unsaved when in memory without dataDir). */
  jwtSecret?: string | undefined;
  /** The built site (npm run build: dist/ with dist/.ssr/); undefined = API only. */
  spaDir?: string | undefined;
  /** Another host of the site's renderer (npm run dev: Vite's live modules); wins over spaDir. */
  site?: SiteHost;
  /** SITE_URL; undefined = each request's own origin. */
  siteUrl?: string | undefined;
  /** API_EXTERNAL_URL: the origin of mail links and the JWT `iss`; undefined = the address it listens on. */
  apiExternalUrl?: string | undefined;
  /** Overrides of supabase/config.toml [auth]. */
  auth?: Partial<AuthSettings>;
  appOptions?: AppOptions;
  /** Defaults: supabase/migrations and supabase/seed.sql (seed: false skips it). */
  migrationsDir?: string;
  seedFile?: string | false;
  /** Migrate as this role, shaped like a hosted project's non-superuser `postgres` (server/db/hosted-roles.sql). */
  migrationRole?: string;
  /**
   * SMTP_URL, MAIL_FROM, MAIL_RATE (server/mail/config.ts); default: the outbox
   * folder of dataDir (in memory without one), 300 a minute. leaseMs and
   * idleMs: the worker's (tests shorten them).
   */
  mail?: Partial<MailConfig> & { leaseMs?: number; idleMs?: number };
  /**
   * The daily backup (server/backup/, parseBackupConfig: BACKUP_DIR, BACKUP_AT,
   * BACKUP_KEEP_*, BACKUP_S3_URL); undefined = none (tests, unless they ask).
   * checkMs: how often it looks (tests shorten it).
   */
  backup?: (BackupConfig & { checkMs?: number }) | undefined;
  /**
   * The fediverse accounts' options (server/fediverse/index.ts): allowHosts
   * is OUTBOUND_ALLOW_HOSTS; tests allow their server on 127.0.0.1 and
   * shorten the worker's waits.
   */
  fediverse?: FediverseOptions;
  /**
   * The clips worker (server/clips/, issue 43): fetches what the admin's
   * clip jobs ask, through the outbound module. allowHosts is
   * OUTBOUND_ALLOW_HOSTS; resolver is for tests only. Off when undefined.
   */
  clips?: ClipsWorkerStart | undefined;
}

export interface RunningServer {
  /** http://host:port, no trailing slash. */
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Database;
  app: Hono;
  /** Human description of the database, for banners. */
  database: string;
  /** Tells kept pages and Realtime when scheduled posts go public (tests ask it to look now). */
  publicationClock: PublicationClock;
  statsForgetting: StatsForgetting;
  /** The embedded database's nightly VACUUM (ANALYZE); undefined on PostgreSQL (autovacuum). */
  maintenance: Maintenance | undefined;
  /** Sends what private.mail_queue holds (tests wait for it with drain()). */
  mailWorker: MailWorker;
  /** "SMTP host:port" or "outbox folder …", for banners. */
  mailDescription: string;
  /** The daily backup, when options.backup was given (tests move the site's clock and call check()). */
  backups: BackupScheduler | undefined;
  /** Her fediverse accounts: routes and the delivery worker (tests wait for it with delivery.drain()). */
  fediverse: Fediverse;
  /** The clips worker, when options.clips was given (tests call drain() and checkLinks()). */
  clipsWorker: ClipsWorker | undefined;
  /** Stops listening, then closes the database (and releases the data directory). */
  close(): Promise<void>;
}

/** How long close() lets requests under way finish before it cuts their connections. */
const CLOSE_GRACE_MS = 10_000;

function urlFor(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * Connections the kernel may hold for the server while it is busy, before it
 * drops new ones (each then waits a second for the client to try again).
 * Node's default, 511, overflowed when a shared post brought ~600 new
 * connections a second (issue 42: readers plus their view beacons): the
 * drops were the slowest one percent of both. The kernel caps it at
 * net.core.somaxconn (4096 on Debian's current kernels).
 */
const LISTEN_BACKLOG = 4096;

/**
 * `beacons()`: once the app is made, what the readers' view beacons need to
 * be answered before the app sees them (server/stats/beacon-path.ts); until
 * then every request goes to the app.
 */
function listen(fetch: FetchHandler, port: number, host: string, beacons: () => BeaconPathOptions | undefined): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const createServer = (serverOptions: ServerOptions, app: RequestListener) => {
      let first: RequestListener | undefined;
      return createHttpServer(serverOptions, (req, res) => {
        if (!first) {
          const options = beacons();
          if (options) first = beaconPath(options, app);
        }
        (first ?? app)(req, res);
      });
    };
    const server = createAdaptorServer({ fetch, createServer: createServer as typeof createHttpServer });
    server.once('error', reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => resolve(server));
  });
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir !== undefined ? path.resolve(options.dataDir)
    : options.inMemory ? undefined : path.join(PROJECT_ROOT, '.data');
  const jwtSecret = options.jwtSecret !== undefined || dataDir !== undefined
    ? resolveJwtSecret(options.jwtSecret, dataDir ?? '')
    : randomBytes(48).toString('base64url');
  const auth = { ...readAuthSettings(path.join(PROJECT_ROOT, 'supabase', 'config.toml')), ...options.auth };
  // Before the database: a site without its server renderer cannot start.
  const site = options.site ?? (options.spaDir ? builtSiteHost(options.spaDir) : undefined);
  // Loaded beside the migrations, not by the first reader (0.3 s for the 5 MB renderer,
  // read past tsx's loader: site-host.ts). A failure is the first page's to report.
  const rendererLoaded = site?.renderer().then(() => undefined, () => undefined);
  const seedFile = options.seedFile === false ? undefined : (options.seedFile ?? path.join(PROJECT_ROOT, 'supabase', 'seed.sql'));

  const opened = await openDatabase({
    dataDir,
    databaseUrl: options.databaseUrl,
    inMemory: options.inMemory ?? false,
    migrationsDir: options.migrationsDir ?? path.join(PROJECT_ROOT, 'supabase', 'migrations'),
    seedFile,
    migrationRole: options.migrationRole,
  });
  const { db } = opened;
  try {
    const keys = await createApiKeys(jwtSecret);
    const host = options.host ?? (process.env.HOST || '127.0.0.1');
    // Listen first, so the app knows the address it answers on (port 0 picks
    // one): mail links and `iss` use it when API_EXTERNAL_URL is unset, never
    // a request's Host header.
    const started: { app?: Hono; beacons?: BeaconPathOptions } = {};
    const server = await listen(
      // env carries the socket: the client's address (rate limits, the REST scheduler).
      (request, env) => started.app?.fetch(request, env) ?? new Response('Starting', { status: 503, headers: { 'Retry-After': '1' } }),
      options.port ?? 8080,
      host,
      () => started.beacons,
    );
    const port = (server.address() as AddressInfo).port;
    const apiExternalUrl = options.apiExternalUrl ?? urlFor(host, port);
    // This server serves the site too: a mail's link back to its own origin
    // (e.g. on another PORT than config.toml's site_url) is no open redirect.
    // SITE_URL, when set, is where a refused redirect_to falls back to (GoTrue's
    // SITE_URL): config.toml's site_url is the local default, not her site.
    const redirects = {
      ...auth,
      siteUrl: options.siteUrl ?? auth.siteUrl,
      additionalRedirectUrls: [...auth.additionalRedirectUrls, apiExternalUrl, ...(options.siteUrl ? [options.siteUrl] : [])],
    };
    // Every mail of the auth routes waits in the queue with its token (server/mail/).
    const appOptions = { ...options.appOptions, auth: { mailer: createQueueMailer(), ...options.appOptions?.auth } };
    const backups = options.backup ? await startBackupScheduler(
      {
        db,
        config: options.backup,
        source: { url: urlFor(host, port), key: keys.serviceRoleKey },
        // AWS's client is loaded only for a site that copies off-site.
        offSite: options.backup.s3 ? (await import('./backup/s3.ts')).s3OffSite(options.backup.s3) : undefined,
        log: (message) => console.error(message),
      },
      { intervalMs: options.backup.checkMs },
    ) : undefined;
    const fediverse = startFediverse(db, options.siteUrl ?? urlFor(host, port), {
      ...options.fediverse,
      siteUrl: options.siteUrl,
      // The embedded database is this process's alone: claims left by a killed run are released.
      exclusive: !options.databaseUrl,
      trustedProxyHeader: options.appOptions?.auth?.trustedProxyHeader,
    });
    const app = createApp(
      { db, jwtSecret, ...keys, auth: redirects, dataDir, site, siteUrl: options.siteUrl, apiExternalUrl },
      appOptions,
      backups,
      fediverse.routes,
    );
    started.app = app;
    started.beacons = { views: viewBufferFor(db), anonKey: keys.anonKey, jwtSecret, trustedProxyHeader: options.appOptions?.auth?.trustedProxyHeader };
    const realtime = createRealtime({ db, jwtSecret });
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
    });
    // Scheduled posts go public by RLS alone; this tells the kept pages and Realtime at their minute.
    // A scheduled post's minute is also when her followers are told (the delivery worker compares posts only when asked or when content changed).
    const clock = startPublicationClock({ db, onAnnounce: () => fediverse.delivery.wake() });
    // Its first look on a new database writes the watermark: done before the
    // first request, so a page kept from then on is not outdated by it at once.
    await clock.check();
    await rendererLoaded;
    // A day's reading-statistics salt dies with the day, viewed or not.
    const statsForgetting = startStatsForgetting({ db });
    // PGlite has no autovacuum: without this its tables never lose dead rows nor get new statistics.
    const maintenance = startEmbeddedMaintenance(db);
    // Catches up a backup missed while the server was down (in the background: it must not hold the start).
    void backups?.check();
    const mail = { smtpUrl: undefined, from: 'noreply@localhost', ratePerMinute: 300, ...options.mail };
    const transport = createTransport(mail, dataDir);
    const mailWorker = startMailWorker({
      db,
      transport,
      site: { siteUrl: options.siteUrl ?? apiExternalUrl, from: parseFrom(mail.from), oneClickUrl: mail.oneClickUrl },
      ratePerMinute: mail.ratePerMinute,
      leaseMs: mail.leaseMs,
      idleMs: mail.idleMs,
      // The embedded database is this process's alone: no other worker can hold a claim.
      exclusive: !options.databaseUrl,
    });
    const clipsWorker = options.clips
      ? startLocalClipsWorker(options.clips, { url: urlFor(host, port), serviceRoleKey: keys.serviceRoleKey, siteUrl: options.siteUrl ?? apiExternalUrl }, db)
      : undefined;
    // Only the embedded database is exclusive; others may open DATABASE_URL themselves.
    const holdsDataDir = dataDir !== undefined && !options.databaseUrl && !options.inMemory;
    if (holdsDataDir) recordServerUrl(dataDir, urlFor(host, port));
    let closing: Promise<void> | undefined;
    return {
      url: urlFor(host, port),
      port,
      ...keys,
      jwtSecret,
      db,
      app,
      database: opened.description,
      publicationClock: clock,
      statsForgetting,
      maintenance,
      mailWorker,
      mailDescription: transport.description,
      backups,
      fediverse,
      clipsWorker,
      close() {
        closing ??= (async () => {
          // Open sockets would hold the server open; they reconnect to the next one.
          await Promise.all([realtime.close(), clock.stop(), statsForgetting.stop(), maintenance?.stop(), mailWorker.stop(), backups?.stop(), fediverse.stop(), clipsWorker?.stop()]);
          await new Promise<void>((resolve) => {
            const http = server as ServerType & { closeIdleConnections?(): void; closeAllConnections?(): void };
            // Requests under way get their answers (up to CLOSE_GRACE_MS, past
            // the longest statement timeout); idle keep-alive connections,
            // which would hold close() open, go now.
            const force = setTimeout(() => http.closeAllConnections?.(), CLOSE_GRACE_MS);
            // A connection whose answer just went out is idle too: close those as they come.
            const idle = setInterval(() => http.closeIdleConnections?.(), 50);
            server.close(() => {
              clearTimeout(force);
              clearInterval(idle);
              resolve();
            });
            http.closeIdleConnections?.();
          });
          if (holdsDataDir) forgetServerUrl(dataDir);
          // The views answered and not yet written (issue 42): a clean stop loses none.
          await viewBufferFor(db).close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (e) {
    await db.close();
    throw e;
  }
}

/** Errors a person can fix get their message only; anything else its stack. */
function explain(e: unknown): string {
  const known = [ConfigError, DataDirInUseError, MigrationError, SiteBuildError, TemplateError];
  if (known.some((kind) => e instanceof kind)) return (e as Error).message;
  if (e instanceof Error && (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return `${e.message}: another program uses this port. Stop it, or set PORT to another port.`;
  }
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer({
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    spaDir: config.spaDir,
    siteUrl: config.siteUrl,
    apiExternalUrl: config.apiExternalUrl,
    appOptions: { auth: { trustedProxyHeader: config.trustedProxyHeader } },
    mail: parseMailConfig(process.env),
    backup: parseBackupConfig(process.env, config.dataDir),
  });
  console.log(`Local Supabase-compatible backend on ${server.url} (${server.database})`);
  console.log(`  REST ${server.url}/rest/v1   Auth ${server.url}/auth/v1${config.spaDir ? `   Site ${server.url}/` : '   (no dist/: API only; run npm run build)'}`);
  console.log(`  Mail: ${server.mailDescription}${process.env.SMTP_URL ? '' : ' (development: set SMTP_URL and MAIL_FROM to send real mail)'}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // second Ctrl+C: leave now
    stopping = true;
    console.log(`${signal}: closing the database…`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(explain(e));
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  requireSupportedNode();
  main().catch((e: unknown) => {
    console.error(explain(e));
    process.exit(1);
  });
}
