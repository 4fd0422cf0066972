/**
 * The local backend as its own process, for the test that kills it mid-delivery
 * (tests/integration/fediverse-crash.test.ts): argv is a JSON of
 * { dataDir?, databaseUrl?, port, allow, leaseMs }. Prints "ready <url>" once
 * it listens; its delivery worker starts at once.
 */
import { startServer } from '../../index.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as { dataDir?: string; databaseUrl?: string; port: number; allow: string[]; leaseMs: number };
const server = await startServer({
  port: options.port,
  dataDir: options.dataDir,
  databaseUrl: options.databaseUrl,
  seedFile: false,
  fediverse: { allow: options.allow, leaseMs: options.leaseMs, idleMs: 50 },
});
console.log(`ready ${server.url}`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
