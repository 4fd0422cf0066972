import { ARCHIVE_LIMITS, ArchiveError } from '../lib/plan';
import { describeArchiveError, readArchive } from '../lib/read-archive';
import type { ReadAnswer, ReadFile } from './read-answer';

/** Reads the file (throws ArchiveError for anything it cannot import: nothing is written then). */
export function readFile(bytes: Uint8Array, fileName: string): ReadFile {
  const { readEntry, ...plan } = readArchive(bytes, fileName);
  const entries = new Map<string, Uint8Array>();
  if (!readEntry) return { plan, entries };
  const names = [...plan.images.map((image) => image.entry), ...(plan.storedObjects ?? []).map((object) => object.entry)];
  const buffers = new Set<ArrayBufferLike>();
  for (const name of names) {
    if (name === null || entries.has(name)) continue;
    let entry = readEntry(name);
    // A view into the file's own buffer (an entry stored uncompressed), or one buffer shared by two entries, is copied out.
    if (entry.byteOffset !== 0 || entry.byteLength !== entry.buffer.byteLength || buffers.has(entry.buffer)) entry = entry.slice();
    buffers.add(entry.buffer);
    entries.set(name, entry);
  }
  return { plan, entries };
}

/** Reads a chosen file, or says in Portuguese why it cannot be imported; a file past the size limit is refused before a byte is read. */
export async function answerFor(file: File): Promise<ReadAnswer> {
  try {
    if (file.size > ARCHIVE_LIMITS.maxFileBytes) throw new ArchiveError('too_large', `${file.name}: ${file.size} bytes`);
    return { ok: true, read: readFile(new Uint8Array(await file.arrayBuffer()), file.name) };
  } catch (error) {
    if (error instanceof ArchiveError) return { ok: false, code: error.code, message: describeArchiveError(error, 'pt') };
    return { ok: false, code: null, message: error instanceof Error ? error.message : String(error) };
  }
}
