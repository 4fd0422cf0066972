/**
 * A server in a child process for server/backup/kill.test.ts, so the test
 * can kill it with SIGKILL in the middle of a backup. DATA_DIR and
 * BACKUP_DIR from the environment; one JSON line on stdout when it listens,
 * then it answers lines on stdin: `backup` (runs one now, prints its
 * outcome), `time <ISO>` (sets the site's clock), `close`.
 */
import { createInterface } from 'node:readline';
import { startServer } from '../index.ts';
import { backupConfig, setSiteTime } from './testing.ts';

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR!,
  seedFile: false,
  backup: { ...backupConfig(process.env.BACKUP_DIR!), checkMs: 3600_000 },
});
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
say({ url: server.url, serviceRoleKey: server.serviceRoleKey, pid: process.pid });

for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(' ');
  if (command === 'backup') say({ outcome: await server.backups!.runNow() });
  else if (command === 'time') {
    await setSiteTime(server.db, argument!);
    say({ ok: true });
  } else if (command === 'close') break;
}
await server.close();
process.exit(0);
