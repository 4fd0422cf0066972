/**
 * `npm start`: the whole product on one machine, no account, no Docker.
 *
 * 1. Builds the site (scripts/build.ts: the SPA and its server renderer) when
 *    dist/ is missing or older than its sources (or was built for another
 *    VITE_SUPABASE_* target, or is a static export).
 * 2. Starts the local backend (server/index.ts) in this process: embedded
 *    PGlite in DATA_DIR (default ./.data) or DATABASE_URL, on PORT (default
 *    8080), serving the SPA and the Supabase APIs on one origin.
 * 3. Prints where the site is and how to make an admin.
 *
 * The data stays in DATA_DIR between starts. Ctrl+C (or SIGTERM) closes the
 * database cleanly.
 */
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../server/config.ts';
import { DataDirInUseError } from '../server/db/lock.ts';
import { MigrationError } from '../server/db/migrate.ts';
import { startServer } from '../server/index.ts';
import { parseMailConfig } from '../server/mail/config.ts';
import { parseBackupConfig } from '../server/backup/config.ts';
import { parseOutboundAllowHosts } from '../server/outbound/allow-hosts.ts';
import { requireSupportedNode } from '../server/runtime.ts';
import { SiteBuildError } from '../server/site/site-host.ts';
import { buildIfNeeded } from './build.ts';

const distDir = join(resolve(import.meta.dirname, '..'), 'dist');

async function main() {
  // PORT, HOST, DATA_DIR, DATABASE_URL, JWT_SECRET: checked before anything slow.
  const config = loadConfig();
  const mail = parseMailConfig(process.env);
  const backup = parseBackupConfig(process.env, config.dataDir);

  await buildIfNeeded();

  // OUTBOUND_ALLOW_HOSTS: the clips' fetches and the fediverse's (actors, deliveries) alike.
  const allowHosts = parseOutboundAllowHosts(process.env.OUTBOUND_ALLOW_HOSTS);
  const server = await startServer({
    port: config.port,
    host: config.host,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    spaDir: distDir,
    siteUrl: config.siteUrl,
    apiExternalUrl: config.apiExternalUrl,
    appOptions: { auth: { trustedProxyHeader: config.trustedProxyHeader } },
    mail,
    backup,
    clips: { allowHosts },
    fediverse: { allowHosts },
  });

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing the database…`);
    try {
      await server.close();
      process.exit(0);
    } catch (e) {
      console.error(e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const url = server.url;
  console.log(`
The site is running at ${url}
  Portuguese home   ${url}/pt
  English home      ${url}/en
  Sign in           ${url}/auth   (admin panel: ${url}/admin)
Database: ${server.database}; its data is kept between starts.
Mail: ${server.mailDescription}${mail.smtpUrl ? '' : ' (development: set SMTP_URL and MAIL_FROM to send real mail)'}.

To make an admin (also while this runs, from another terminal${process.env.DATA_DIR ? ', with the same DATA_DIR' : ''}):
  npm run create-admin -- --email you@example.com --password 'a-strong-password'

Stop with Ctrl+C.`);
}

requireSupportedNode();
main().catch((e: unknown) => {
  // Errors a person can fix get their message only; anything else its stack.
  const known = [ConfigError, DataDirInUseError, MigrationError, SiteBuildError].some((kind) => e instanceof kind);
  if (e instanceof Error && (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`${e.message}: another program uses this port. Stop it, or set PORT to another port.`);
  } else {
    console.error(known ? (e as Error).message : e instanceof Error ? (e.stack ?? e.message) : e);
  }
  process.exit(1);
});
