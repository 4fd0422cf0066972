/**
 * The backup's export, in a process of its own (server/backup/write-zip.ts
 * starts it): `npm run export`'s exportArchive against the server's API,
 * the zip written to stdout. Apart from the server because writing the zip
 * deflates every post in one stretch of JavaScript (seconds for thousands of
 * posts), which in the server's own thread would hold every reader's request
 * (decision 080) and let its keep-alive timers reset the export's own
 * connections. A server killed with -9 takes it along: its next write to the
 * closed pipe ends it.
 *
 * BACKUP_SOURCE_URL and BACKUP_SOURCE_KEY come in the environment (not the
 * arguments, which other users of the machine can read).
 */
import { createClient } from '@supabase/supabase-js';
import type { ArchiveClient } from '../../src/features/archive/api/archive-client.ts';
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';

const url = process.env.BACKUP_SOURCE_URL;
const key = process.env.BACKUP_SOURCE_KEY;
if (!url || !key) {
  process.stderr.write('BACKUP_SOURCE_URL and BACKUP_SOURCE_KEY must be set.\n');
  process.exit(2);
}
/**
 * Reads tried again when the connection fails: deflating thousands of posts
 * holds this process's event loop for seconds, meanwhile the server closes
 * the idle keep-alive connection, and the next download, sent on it before
 * this side saw the close, is reset (ECONNRESET on the first picture of
 * 10,000 posts, every time). A GET changes nothing, so sending it again is safe.
 */
async function retryingReads(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(input, init);
    } catch (error) {
      if ((method !== 'GET' && method !== 'HEAD') || attempt >= 3 || !(error instanceof TypeError)) throw error;
    }
  }
}

// The parent is gone (killed): nothing more to write for.
process.stdout.on('error', () => process.exit(1));
try {
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: retryingReads },
  });
  // Pipes to a parent are written synchronously on Linux: what is not taken yet waits here, not in memory.
  await exportArchive(client as unknown as ArchiveClient, (chunk) => void process.stdout.write(chunk), { fediverse: true });
  await new Promise<void>((resolve) => process.stdout.end(resolve));
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
