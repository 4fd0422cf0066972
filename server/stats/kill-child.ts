/**
 * A server in a child process for server/stats/view-kill.test.ts, so the
 * test can kill it with SIGKILL while view beacons wait in memory. DATA_DIR
 * from the environment; one JSON line on stdout when it listens, then it
 * answers lines on stdin: `views` (the views counted today in
 * public.stats_daily), `close`.
 */
import { createInterface } from 'node:readline';
import { startServer } from '../index.ts';

const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: process.env.DATA_DIR!, seedFile: false });
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
say({ url: server.url, anonKey: server.anonKey, pid: process.pid });

for await (const line of createInterface({ input: process.stdin })) {
  const command = line.trim();
  if (command === 'views') {
    const { rows } = await server.db.query<{ views: number }>('select coalesce(sum(views), 0)::int as views from public.stats_daily');
    say({ views: rows[0]!.views });
  } else if (command === 'close') break;
}
await server.close();
process.exit(0);
