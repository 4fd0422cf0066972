/**
 * Where object bytes live: DATA_DIR/storage/objects/<version>, one file per
 * stored version (a uuid the database row points to), so an object's name
 * never becomes a filesystem path, a move is a row update, and an upsert
 * writes the new bytes beside the old ones before the row switches to them.
 * Without a data directory (tests of the app alone) they stay in memory.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, type Stats } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStore {
  /** Writes new bytes and returns their version id. */
  put(bytes: Uint8Array): Promise<string>;
  /** All the bytes, or the inclusive range [start, end]. */
  read(version: string, range?: { start: number; end: number }): Promise<Uint8Array | undefined>;
  copy(version: string): Promise<string | undefined>;
  remove(versions: readonly string[]): Promise<void>;
}

const VERSION = /^[0-9a-f-]{36}$/;

export function diskFileStore(dataDir: string): FileStore {
  const dir = path.join(dataDir, 'storage', 'objects');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (version: string) => {
    if (!VERSION.test(version)) throw new Error(`not an object version: ${version}`);
    return path.join(dir, version);
  };
  const write = async (bytes: Uint8Array) => {
    const version = randomUUID();
    const temp = `${file(version)}.part`;
    await writeFile(temp, bytes, { mode: 0o600 });
    await rename(temp, file(version));
    return version;
  };
  return {
    put: write,
    async read(version, range) {
      let info: Stats;
      try {
        info = await stat(file(version));
      } catch {
        return undefined;
      }
      if (!range) return readFile(file(version));
      const length = Math.max(0, Math.min(range.end, info.size - 1) - range.start + 1);
      const handle = await open(file(version), 'r');
      try {
        const buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, range.start);
        return buffer;
      } finally {
        await handle.close();
      }
    },
    async copy(version) {
      const bytes = await this.read(version);
      return bytes ? write(bytes) : undefined;
    },
    async remove(versions) {
      await Promise.all(versions.map((v) => rm(file(v), { force: true })));
    },
  };
}

export function memoryFileStore(): FileStore {
  const files = new Map<string, Uint8Array>();
  return {
    async put(bytes) {
      const version = randomUUID();
      files.set(version, new Uint8Array(bytes));
      return version;
    },
    async read(version, range) {
      const bytes = files.get(version);
      return bytes && range ? bytes.subarray(range.start, range.end + 1) : bytes;
    },
    async copy(version) {
      const bytes = files.get(version);
      return bytes ? this.put(bytes) : undefined;
    },
    async remove(versions) {
      for (const v of versions) files.delete(v);
    },
  };
}
