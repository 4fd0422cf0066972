/**
 * The local backend as its own process, for the tests that kill it
 * (tests/integration/newsletter-crash.test.ts): argv is a JSON of
 * { dataDir?, databaseUrl?, smtpUrl, leaseMs }. Prints "ready <url>" once it
 * listens; its mail worker starts sending at once.
 */
import { startServer } from '../../index.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as { dataDir?: string; databaseUrl?: string; smtpUrl: string; leaseMs: number };
const server = await startServer({
  port: 0,
  dataDir: options.dataDir,
  databaseUrl: options.databaseUrl,
  seedFile: false,
  mail: { smtpUrl: options.smtpUrl, from: 'Helena Duarte <noreply@helena.example>', ratePerMinute: 1_000_000, leaseMs: options.leaseMs, idleMs: 50 },
});
console.log(`ready ${server.url}`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
