import { Inflate, ZipPassThrough } from 'fflate';
import { ARCHIVE_LIMITS, ArchiveError } from './plan';

/**
 * A zip archive, read safely (decision 200): everything that could hurt is
 * refused by openZip from the central directory alone, before any byte is
 * unpacked; each entry is unpacked only when it is read, never past the size
 * it declares, and checked against its CRC-32.
 */
export interface ZipReader {
  /** The files it holds, in the archive's order: no folders, nothing under `__MACOSX/`. */
  names: string[];
  read(name: string): Uint8Array;
  /** The entry as UTF-8 text (a byte-order mark dropped). */
  text(name: string): string;
  /**
   * When the entry was last changed (ISO, read as UTC: zips keep no time zone
   * unless an extended-timestamp field says), or null when the zip does not
   * say. For an export, the time it was made.
   */
  modifiedAt?(name: string): string | null;
}

/** Entries this large and above must not unpack to more than ARCHIVE_LIMITS.maxRatio times their packed size. */
const RATIO_FLOOR = 1024 * 1024;
/** Packed bytes given to the inflater at a time: DEFLATE expands at most ~1032×, so one step never makes more than ~16 MB. */
const INFLATE_STEP = 16 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

interface Entry {
  name: string;
  modified: string | null;
  method: number;
  crc: number;
  packed: number;
  size: number;
  localOffset: number;
  dataStart: number;
}

const malformed = (detail: string) => new ArchiveError('malformed_zip', detail);

export function openZip(bytes: Uint8Array): ZipReader {
  if (bytes.length > ARCHIVE_LIMITS.maxFileBytes) {
    throw new ArchiveError('too_large', `${megabytes(bytes.length)} > ${megabytes(ARCHIVE_LIMITS.maxFileBytes)}`);
  }
  const entries = readDirectory(bytes);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const names = entries.map((e) => e.name).filter((name) => !name.endsWith('/') && !name.startsWith('__MACOSX/'));
  const read = (name: string): Uint8Array => {
    const entry = byName.get(name);
    if (!entry) throw malformed(`${name}: not in the archive`);
    return unpack(bytes, entry);
  };
  return {
    names,
    read,
    text: (name) => new TextDecoder().decode(read(name)),
    modifiedAt: (name) => byName.get(name)?.modified ?? null,
  };
}

/**
 * The entry of the zip an address in one of its files points to (a picture
 * beside the post: `images/a.jpg` from `posts/x.html`), or null for an
 * address on the web or one the zip does not hold.
 */
export function entryForAddress(zip: ZipReader, address: string, fromEntry: string): string | null {
  if (/^[a-z][a-z\d+.-]*:/i.test(address) || address.startsWith('//') || address.startsWith('#')) return null;
  let path = address.split(/[?#]/)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  const parts = path.startsWith('/') ? [] : fromEntry.split('/').slice(0, -1);
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  const entry = parts.join('/');
  return zip.names.includes(entry) ? entry : null;
}

/** Why an entry's name could write outside the folder it is unpacked to, or null when it cannot. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\0')) return 'NUL';
  if (name.startsWith('/')) return 'absolute';
  if (/^[a-zA-Z]:/.test(name)) return 'drive letter';
  if (name.includes('\\')) return 'backslash';
  if (name.split('/').includes('..')) return '..';
  return null;
}

function readDirectory(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => {
    const value = view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw malformed('ZIP64 field out of range');
    return Number(value);
  };

  const end = findEndOfDirectory(bytes, view);
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0) throw malformed('split across several files');
  let count = u16(end + 10);
  let directorySize = u32(end + 12);
  let directoryOffset = u32(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || u32(locator) !== ZIP64_LOCATOR) throw malformed('ZIP64 locator missing');
    const zip64End = u64(locator + 8);
    if (zip64End + 56 > end || u32(zip64End) !== ZIP64_END) throw malformed('ZIP64 end record missing');
    count = u64(zip64End + 32);
    directorySize = u64(zip64End + 40);
    directoryOffset = u64(zip64End + 48);
  }
  if (count > ARCHIVE_LIMITS.maxEntries) throw new ArchiveError('zip_bomb', `${count} entries > ${ARCHIVE_LIMITS.maxEntries}`);
  const directoryEnd = directoryOffset + directorySize;
  if (directoryEnd > end) throw malformed('central directory out of range');

  const entries: Entry[] = [];
  const seen = new Set<string>();
  let declared = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directoryEnd || u32(at) !== DIRECTORY_ENTRY) throw malformed(`central directory entry ${i + 1} unreadable`);
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    let packed = u32(at + 20);
    let size = u32(at + 24);
    let modified = dosTime(u16(at + 14), u16(at + 12));
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let localOffset = u32(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directoryEnd) throw malformed(`central directory entry ${i + 1} unreadable`);
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = decodeName(rawName, (flags & 0x800) !== 0);

    // ZIP64: the real values of the fields set to 0xFFFFFFFF, in this order.
    const extra = at + 46 + nameLength;
    for (let x = extra; x + 4 <= extra + extraLength; ) {
      const id = u16(x);
      const length = u16(x + 2);
      if (id === 0x0001) {
        let field = x + 4;
        const take = () => {
          if (field + 8 > x + 4 + length) throw malformed(`${name}: ZIP64 field missing`);
          const value = u64(field);
          field += 8;
          return value;
        };
        if (size === 0xffffffff) size = take();
        if (packed === 0xffffffff) packed = take();
        if (localOffset === 0xffffffff) localOffset = take();
      }
      // extended timestamp: its first time, when present, is the modification time in UTC seconds
      if (id === 0x5455 && length >= 5 && (view.getUint8(x + 4) & 1)) modified = new Date(u32(x + 5) * 1000).toISOString();
      x += 4 + length;
    }

    const unsafe = unsafeEntryName(name);
    if (unsafe) throw new ArchiveError('zip_path', `${JSON.stringify(name)} (${unsafe})`);
    if (seen.has(name)) throw malformed(`${name}: twice in the archive`);
    seen.add(name);
    if (flags & 0x1) throw malformed(`${name}: encrypted`);
    if (method === 0 && packed !== size) throw malformed(`${name}: stored with two sizes`);
    if (size >= RATIO_FLOOR && size > ARCHIVE_LIMITS.maxRatio * packed) {
      throw new ArchiveError('zip_bomb', `${name}: ${megabytes(size)} from ${megabytes(packed)}`);
    }
    // one entry unpacks into one buffer of its declared size: an export's largest file (a WordPress XML of decades,
    // a picture) is far below this, and a small zip cannot make the reader hold gigabytes at once.
    if (size > ARCHIVE_LIMITS.maxEntryBytes) {
      throw new ArchiveError('zip_bomb', `${name}: ${megabytes(size)} unpacked, over ${megabytes(ARCHIVE_LIMITS.maxEntryBytes)} for one file`);
    }
    declared += size;
    if (declared > ARCHIVE_LIMITS.maxUnpackedBytes) {
      throw new ArchiveError('zip_bomb', `> ${megabytes(ARCHIVE_LIMITS.maxUnpackedBytes)} unpacked`);
    }
    entries.push({ name, modified, method, crc, packed, size, localOffset, dataStart: 0 });
    at = next;
  }

  // Each entry's data where its local header says, inside the file, and no two entries sharing bytes
  // (overlapping entries are how a small zip claims gigabytes many times over).
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + 30 > directoryOffset || u32(local) !== LOCAL_HEADER) throw malformed(`${entry.name}: local header missing`);
    entry.dataStart = local + 30 + u16(local + 26) + u16(local + 28);
    if (entry.dataStart + entry.packed > directoryOffset) throw malformed(`${entry.name}: data past the end`);
  }
  const inFileOrder = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (let i = 1; i < inFileOrder.length; i++) {
    const before = inFileOrder[i - 1]!;
    const entry = inFileOrder[i]!;
    if (entry.localOffset < before.dataStart + before.packed) {
      throw new ArchiveError('zip_bomb', `${entry.name} overlaps ${before.name}`);
    }
  }
  return entries;
}

function findEndOfDirectory(bytes: Uint8Array, view: DataView): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY && at + 22 + view.getUint16(at + 20, true) <= bytes.length) return at;
  }
  throw malformed('no central directory (not a zip, or cut short)');
}

/** An MS-DOS date and time (two-second steps, no zone) as ISO in UTC, or null when unset or impossible. */
function dosTime(date: number, time: number): string | null {
  if (date === 0) return null;
  const year = 1980 + (date >> 9);
  const month = (date >> 5) & 0xf;
  const day = date & 0x1f;
  const hours = time >> 11;
  const minutes = (time >> 5) & 0x3f;
  const seconds = (time & 0x1f) * 2;
  if (month < 1 || month > 12 || day < 1 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const value = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  return value.getUTCDate() === day ? value.toISOString() : null;
}

/** UTF-8 when the entry says so or when it is valid UTF-8 (many tools write UTF-8 without the flag), else Latin-1. */
function decodeName(raw: Uint8Array, utf8: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    if (utf8) throw malformed('an entry name is not valid UTF-8');
    return new TextDecoder('latin1').decode(raw);
  }
}

function unpack(bytes: Uint8Array, entry: Entry): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.packed);
  let out: Uint8Array;
  if (entry.method === 0) out = data.slice();
  else if (entry.method === 8) out = inflateCapped(data, entry);
  else throw malformed(`${entry.name}: compression method ${entry.method} not supported`);
  if (crc32(out) !== entry.crc) throw malformed(`${entry.name}: CRC-32 mismatch (damaged)`);
  return out;
}

/**
 * Inflates into a buffer of exactly the declared size, a small step at a
 * time, and stops the moment the data would go past it: a header that lies
 * about its size cannot make more bytes than it declared.
 */
function inflateCapped(data: Uint8Array, entry: Entry): Uint8Array {
  const out = new Uint8Array(entry.size);
  let written = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    if (written + chunk.length > entry.size) {
      throw new ArchiveError('zip_bomb', `${entry.name}: unpacks past its declared ${entry.size} bytes`);
    }
    out.set(chunk, written);
    written += chunk.length;
    if (final) ended = true;
  });
  try {
    if (data.length === 0) inflater.push(data, true);
    for (let at = 0; at < data.length && !ended; at += INFLATE_STEP) {
      inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw malformed(`${entry.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (written !== entry.size) throw malformed(`${entry.name}: unpacks to ${written} bytes, declares ${entry.size}`);
  return out;
}

/** CRC-32 by fflate's own table (it has no other public door to it). */
function crc32(data: Uint8Array): number {
  const check = new ZipPassThrough('');
  check.ondata = () => {};
  check.push(data, true);
  return check.crc >>> 0;
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${bytes} bytes`;
}
