/**
 * Writes `npm run export`'s zip (the same exportArchive, so a scheduled
 * backup is byte for byte the backup she would write by hand) to a
 * `.partial` file, owner-only, synced to the disk before it is read back.
 */
import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { ArchiveClient } from '../../src/features/archive/api/archive-client.ts';
import { exportArchive } from '../../src/features/archive/api/export-archive.ts';

export interface Written {
  size: number;
  sha256: string;
}

export async function writeBackupZip(client: ArchiveClient, partial: string): Promise<Written> {
  const handle = await open(partial, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  // exportArchive hands chunks synchronously; they are written in order, one after the other.
  let writing: Promise<void> = Promise.resolve();
  const writeAll = async (chunk: Uint8Array) => {
    for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
  };
  try {
    await exportArchive(client, (chunk) => {
      hash.update(chunk);
      size += chunk.length;
      writing = writing.then(() => writeAll(chunk));
    });
    await writing;
    await handle.sync();
  } catch (e) {
    await writing.catch(() => {});
    await handle.close();
    await rm(partial, { force: true });
    throw e;
  }
  await handle.close();
  return { size, sha256: hash.digest('hex') };
}
