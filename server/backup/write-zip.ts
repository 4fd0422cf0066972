/**
 * Writes `npm run export`'s zip (the same exportArchive, so a scheduled
 * backup is the backup she would write by hand) to a `.partial` file,
 * owner-only, synced to the disk before it is read back. The export runs in
 * a child process (export-child.ts says why); this process writes what it
 * sends and hashes it on the way.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';

export interface Written {
  size: number;
  sha256: string;
}

/** The API the export reads: this server's address and a key (the service_role key). */
export interface ExportSource {
  url: string;
  key: string;
}

const CHILD = path.join(PROJECT_ROOT, 'server', 'backup', 'export-child.ts');
/** The export's last words, kept for the reason of a failure. */
const STDERR_KEPT = 4000;
/** A hung export (a server that stopped answering) must not hold the backup lock for ever. */
const EXPORT_LIMIT_MS = 3 * 3600_000;

export async function writeBackupZip(source: ExportSource, partial: string, signal = AbortSignal.timeout(EXPORT_LIMIT_MS)): Promise<Written> {
  const handle = await open(partial, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, BACKUP_SOURCE_URL: source.url, BACKUP_SOURCE_KEY: source.key },
    stdio: ['ignore', 'pipe', 'pipe'],
    signal,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-STDERR_KEPT)));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.once('error', () => undefined);
  try {
    // Read as it is written: the child waits on the pipe while the disk is slower than the export.
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
    }
    const code = await exited;
    if (code !== 0) throw new Error(stderr.trim() || (signal.aborted ? 'it took longer than 3 hours' : `the export ended with code ${code}`));
    await handle.sync();
  } catch (e) {
    child.kill('SIGKILL');
    await handle.close();
    await rm(partial, { force: true });
    throw e;
  }
  await handle.close();
  return { size, sha256: hash.digest('hex') };
}
