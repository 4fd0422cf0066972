/**
 * `npm run mail-worker [-- --once]`
 *
 * The mail worker of a hosted Supabase project (decision 210): the same
 * worker the local backend runs inside `npm start`, against the project's
 * database. It sends what the migrations queue there — confirmations, each
 * new post to its subscribers, her test copies — and queues the posts that
 * became public. Run it on any small host (a process manager keeps it up), or
 * with --once from a scheduled job (every minute or five): it sends what is
 * due, waits for nothing new, and exits.
 *
 * Environment: DATABASE_URL (the project's connection string, as its
 * `postgres` user: Settings → Database; the session pooler or a direct
 * connection), SITE_URL (the links in mails), SMTP_URL and MAIL_FROM (the
 * provider), MAIL_RATE (mails per minute, default 300, per worker). Any
 * number of workers may run at once: they never take the same mail. A --once
 * run that finds the previous one still sending leaves it the work.
 *
 * Exit codes: 0 done (or stopped by SIGINT/SIGTERM), 2 bad usage or
 * configuration, 1 anything else.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ConfigError, parseSiteUrl } from '../config.ts';
import { openPostgres } from '../db/postgres.ts';
import { parseFrom, parseMailConfig } from '../mail/config.ts';
import { createTransport } from '../mail/transport/index.ts';
import { startMailWorker } from '../mail/worker.ts';
import { requireSupportedNode } from '../runtime.ts';

const USAGE = 'Usage: npm run mail-worker [-- --once]   (DATABASE_URL, SITE_URL, SMTP_URL, MAIL_FROM; MAIL_RATE optional)';

export interface MailWorkerArgs {
  once: boolean;
}

export function parseMailWorkerArgs(argv: string[]): MailWorkerArgs {
  for (const arg of argv) {
    if (arg !== '--once') throw new ConfigError(`Unknown argument ${arg}.\n${USAGE}`);
  }
  return { once: argv.includes('--once') };
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let args: MailWorkerArgs;
  let settings;
  try {
    args = parseMailWorkerArgs(argv);
    if (!env.DATABASE_URL) throw new ConfigError(`DATABASE_URL is not set: give the project's connection string (Settings → Database).\n${USAGE}`);
    const siteUrl = parseSiteUrl(env.SITE_URL);
    if (!siteUrl) throw new ConfigError(`SITE_URL is not set: the links in mails lead there, like https://example.com.\n${USAGE}`);
    const mail = parseMailConfig(env);
    if (!mail.smtpUrl) throw new ConfigError(`SMTP_URL is not set: the worker sends real mail only (the outbox folder is the local backend's development default).\n${USAGE}`);
    settings = { siteUrl, mail, databaseUrl: env.DATABASE_URL };
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  // A scheduled --once run may find the last one still sending (a long list at
  // MAIL_RATE): two would double the rate the provider allows. The lock is the
  // session's, so it goes with this process, however it ends.
  const guard = args.once ? new pg.Client({ connectionString: settings.databaseUrl }) : undefined;
  if (guard) {
    await guard.connect();
    const { rows } = await guard.query<{ locked: boolean }>(`select pg_try_advisory_lock(hashtext('mail-worker --once')) as locked`);
    if (!rows[0]?.locked) {
      console.error('mail-worker: the previous --once run is still sending; this one leaves it to finish.');
      await guard.end();
      return 0;
    }
  }
  const db = await openPostgres(settings.databaseUrl);
  const transport = createTransport(settings.mail, undefined);
  const worker = startMailWorker({
    db,
    transport,
    site: { siteUrl: settings.siteUrl, from: parseFrom(settings.mail.from), oneClickUrl: settings.mail.oneClickUrl },
    ratePerMinute: settings.mail.ratePerMinute,
    log: (line) => console.error(line),
  });
  console.error(`mail-worker: sending through ${transport.description}, at most ${settings.mail.ratePerMinute} a minute`);
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  try {
    await (args.once ? Promise.race([worker.drain(), stopped]) : stopped);
  } finally {
    await worker.stop();
    await db.close();
    await guard?.end();
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireSupportedNode();
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
      process.exit(1);
    },
  );
}
