/**
 * `npm run fediverse-worker [-- --once]`
 *
 * The fediverse delivery worker of a site on a static host with hosted
 * Supabase (issue 45, decision 310): the worker the local backend runs inside
 * `npm start`, against the project's database. It turns posts that became
 * public, were edited or withdrawn into Create/Update/Delete, and sends them
 * and the Accepts/Rejects the Edge Function `fediverse` queued to every
 * follower's server, signed with her accounts' keys. It also handles what
 * her inbox kept and the function has not handled yet (a follow, a reply:
 * private.fediverse_inbox_queue), before sending. Run it on any small host
 * (a process manager keeps it up), or with --once from a scheduled job (every
 * minute or five, beside `npm run mail-worker`): it sends what is due now and
 * exits; what failed goes again at a later run, when its backoff is over.
 *
 * Environment: DATABASE_URL (the project's connection string, as its
 * `postgres` user: Settings → Database), SITE_URL (the site's origin: every
 * id and key is under it, as the function writes them), OUTBOUND_ALLOW_HOSTS
 * (optional: host:port entries exempt from the public-address rule). Any
 * number of workers may run at once: they never take the same delivery.
 *
 * Exit codes: 0 done (or stopped by SIGINT/SIGTERM), 2 bad usage or
 * configuration, 1 anything else.
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, parseSiteUrl } from '../config.ts';
import { openPostgres } from '../db/postgres.ts';
import { startDeliveryWorker } from '../fediverse/delivery.ts';
import { createSiteFederation } from '../fediverse/federation.ts';
import { DatabaseMessageQueue } from '../fediverse/inbox-queue.ts';
import { accountKeys } from '../fediverse/keys.ts';
import { createPublicFetch, parseOutboundAllowHosts } from '../outbound/public-fetch.ts';
import { requireSupportedNode } from '../runtime.ts';

const USAGE = 'Usage: npm run fediverse-worker [-- --once]   (DATABASE_URL, SITE_URL; OUTBOUND_ALLOW_HOSTS optional)';

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let settings;
  try {
    for (const arg of argv) if (arg !== '--once') throw new ConfigError(`Unknown argument ${arg}.\n${USAGE}`);
    if (!env.DATABASE_URL) throw new ConfigError(`DATABASE_URL is not set: give the project's connection string (Settings → Database).\n${USAGE}`);
    const siteUrl = parseSiteUrl(env.SITE_URL);
    if (!siteUrl) throw new ConfigError(`SITE_URL is not set: her accounts' addresses are under it, like https://example.com.\n${USAGE}`);
    settings = { once: argv.includes('--once'), databaseUrl: env.DATABASE_URL, origin: new URL(siteUrl).origin, allowHosts: parseOutboundAllowHosts(env.OUTBOUND_ALLOW_HOSTS) };
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  const db = await openPostgres(settings.databaseUrl, { listen: false });
  // As the local backend's (server/fediverse/index.ts): deliveries are POSTs through the outbound rules.
  const publicFetch = createPublicFetch({ timeoutMs: 10_000, maxBytes: 1024 * 1024, methods: ['GET', 'HEAD', 'POST'], allowHosts: settings.allowHosts });
  const inboxQueue = new DatabaseMessageQueue(db);
  const federation = createSiteFederation({ db, publicFetch, origin: settings.origin, inboxQueue, plainHttp: { allowHosts: settings.allowHosts } });
  const stopping = new AbortController();
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      stopping.abort();
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // Her inbox first: a follow handled now has its Accept sent in this same run.
  const inbox = settings.once
    ? inboxQueue.runDue((message) => federation.processQueuedTask(undefined, message as never), stopping.signal)
    : federation.startQueue(undefined, { signal: stopping.signal, queue: 'inbox' });
  if (settings.once) await inbox;
  const worker = startDeliveryWorker({ db, publicFetch, keys: accountKeys(db), origin: settings.origin, log: (line) => console.error(line) });
  console.error(`fediverse-worker: delivering as ${settings.origin}`);
  try {
    await (settings.once ? Promise.race([worker.drain(), stopped]) : stopped);
  } finally {
    stopping.abort();
    await inbox;
    await worker.stop();
    await publicFetch.close();
    await db.close();
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
