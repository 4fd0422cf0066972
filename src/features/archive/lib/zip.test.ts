import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS } from './plan';
import { entryForAddress, openZip } from './zip';
import { refusal } from './fixtures/refusal';

/** The offset of a file's entry in the central directory of a zip fflate wrote (no comment, no ZIP64). */
function directoryEntry(zip: Uint8Array, name: string): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  let at = view.getUint32(end + 16, true);
  const wanted = strToU8(name);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    const nameLength = view.getUint16(at + 28, true);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength);
    if (entryName.length === wanted.length && entryName.every((b, j) => b === wanted[j])) return at;
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  throw new Error(`no entry ${name}`);
}

function patch32(zip: Uint8Array, at: number, value: number): Uint8Array {
  const copy = zip.slice();
  new DataView(copy.buffer).setUint32(at, value, true);
  return copy;
}

const zeros = (n: number) => new Uint8Array(n);

/** The same zip with a ZIP64 end record (as large archives have) that claims `count` entries. */
function withZip64Count(zip: Uint8Array, count: number): Uint8Array {
  const end = zip.length - 22;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  const out = new Uint8Array(zip.length + 56 + 20);
  out.set(zip.subarray(0, end));
  const o = new DataView(out.buffer);
  const record = end;
  o.setUint32(record, 0x06064b50, true);
  o.setBigUint64(record + 4, 44n, true);
  o.setBigUint64(record + 24, BigInt(count), true);
  o.setBigUint64(record + 32, BigInt(count), true);
  o.setBigUint64(record + 40, BigInt(directorySize), true);
  o.setBigUint64(record + 48, BigInt(directoryOffset), true);
  const locator = record + 56;
  o.setUint32(locator, 0x07064b50, true);
  o.setBigUint64(locator + 8, BigInt(record), true);
  o.setUint32(locator + 16, 1, true);
  out.set(zip.subarray(end), locator + 20);
  o.setUint16(locator + 20 + 8, 0xffff, true);
  o.setUint16(locator + 20 + 10, 0xffff, true);
  return out;
}

describe('openZip', () => {
  it('lists the files of a real zip (not its folders or macOS resource forks) and reads each, stored or deflated', () => {
    const picture = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256);
    const bytes = zipSync({
      'posts.csv': strToU8('post_id,title\n1.a,Olá\n'),
      posts: { '1.a.html': strToU8('<p>Ação é ótima 🎉</p>') },
      'images/': {},
      'images/foto ç.jpg': [picture, { level: 0 }],
      '__MACOSX/._posts.csv': strToU8('resource fork'),
    } as Zippable);
    const zip = openZip(bytes);
    expect(zip.names).toEqual(['posts.csv', 'posts/1.a.html', 'images/foto ç.jpg']);
    expect(zip.text('posts/1.a.html')).toBe('<p>Ação é ótima 🎉</p>');
    expect(zip.read('images/foto ç.jpg')).toEqual(picture);
    expect(zip.text('posts.csv')).toBe('post_id,title\n1.a,Olá\n');
  });

  it('drops a UTF-8 byte-order mark from text', () => {
    const zip = openZip(zipSync({ 'a.csv': new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8('x,y')]) }));
    expect(zip.text('a.csv')).toBe('x,y');
  });

  it('refuses a file over the size limit before looking at it', () => {
    // a zeroed buffer: the operating system gives the pages only when they are touched
    const error = refusal(() => openZip(new Uint8Array(ARCHIVE_LIMITS.maxFileBytes + 1)));
    expect(error.code).toBe('too_large');
  });

  it('refuses what is not a zip, and a zip cut short', () => {
    expect(refusal(() => openZip(strToU8('PK\x03\x04 not really a zip at all'))).code).toBe('malformed_zip');
    const whole = zipSync({ 'a.txt': strToU8('hello') });
    expect(refusal(() => openZip(whole.subarray(0, whole.length - 10))).code).toBe('malformed_zip');
  });

  it.each([
    ['../evil.txt', '..'],
    ['posts/../../evil.txt', '..'],
    ['/etc/cron.d/evil', 'absolute'],
    ['C:/Windows/evil.dll', 'drive letter'],
    ['posts\\..\\evil.txt', 'backslash'],
    ['posts/a\0.html', 'NUL'],
  ])('refuses an entry named %j, naming it', (name, why) => {
    const bytes = zipSync({ 'ok.txt': strToU8('fine'), [name]: strToU8('payload') });
    const error = refusal(() => openZip(bytes));
    expect(error.code).toBe('zip_path');
    expect(error.detail).toBe(`${JSON.stringify(name)} (${why})`);
  });

  it('refuses a bomb (50 MB of zeros in a few kilobytes) from its header, before unpacking', () => {
    const bytes = zipSync({ 'zeros.bin': zeros(50 * 1024 * 1024) }, { level: 9 });
    expect(bytes.length).toBeLessThan(100_000);
    const error = refusal(() => openZip(bytes));
    expect(error.code).toBe('zip_bomb');
    expect(error.detail).toMatch(/^zeros\.bin: 50\.0 MB from/);
  });

  it('lets a small, very compressible entry through (the ratio counts from 1 MB up)', () => {
    const zip = openZip(zipSync({ 'blank.txt': zeros(500_000) }, { level: 9 }));
    const read = zip.read('blank.txt');
    expect(read.length).toBe(500_000);
    expect(read.every((b) => b === 0)).toBe(true);
  });

  it('refuses entries that declare more than the unpacked total, however they are packed', () => {
    const noise = Uint8Array.from({ length: 1_300_000 }, (_, i) => (i * 2654435761) >>> 24);
    const names = Array.from({ length: 18 }, (_, i) => `${i}.bin`);
    let bytes: Uint8Array = zipSync(Object.fromEntries(names.map((name) => [name, [noise, { level: 0 }]])));
    // 250 MB each from 1.3 MB: within the ratio and the one-file limit, but 4.5 GB together
    for (const name of names) {
      bytes = patch32(bytes, directoryEntry(bytes, name) + 10, 8); // method: deflate, so the sizes may differ
      bytes = patch32(bytes, directoryEntry(bytes, name) + 24, 250_000_000);
    }
    const error = refusal(() => openZip(bytes));
    expect(error).toMatchObject({ code: 'zip_bomb', detail: expect.stringMatching(/unpacked$/) });
  });

  it('refuses one entry that declares more than the one-file limit, within the ratio', () => {
    const noise = Uint8Array.from({ length: 2_000_000 }, (_, i) => (i * 2654435761) >>> 24);
    let bytes: Uint8Array = zipSync({ 'big.xml': [noise, { level: 0 }] });
    bytes = patch32(bytes, directoryEntry(bytes, 'big.xml') + 10, 8);
    bytes = patch32(bytes, directoryEntry(bytes, 'big.xml') + 24, 300_000_000); // 150 × its packed size
    expect(refusal(() => openZip(bytes))).toMatchObject({ code: 'zip_bomb', detail: expect.stringMatching(/^big\.xml: .* for one file$/) });
  });

  it('refuses more entries than the limit from the directory count alone', () => {
    const bytes = zipSync({ 'a.txt': strToU8('a') });
    expect(openZip(withZip64Count(bytes, 1)).names).toEqual(['a.txt']);
    const error = refusal(() => openZip(withZip64Count(bytes, ARCHIVE_LIMITS.maxEntries + 1)));
    expect(error).toMatchObject({ code: 'zip_bomb', detail: `${ARCHIVE_LIMITS.maxEntries + 1} entries > ${ARCHIVE_LIMITS.maxEntries}` });
  });

  it('refuses a ZIP64 count without its ZIP64 record', () => {
    const bytes = zipSync({ 'a.txt': strToU8('a') });
    const patched = bytes.slice();
    new DataView(patched.buffer).setUint16(patched.length - 22 + 10, 0xffff, true);
    expect(refusal(() => openZip(patched)).code).toBe('malformed_zip');
  });

  it('refuses two entries that share the same bytes', () => {
    const bytes = zipSync({ 'a.txt': strToU8('first file'), 'b.txt': strToU8('second file') });
    const firstOffset = new DataView(bytes.buffer).getUint32(directoryEntry(bytes, 'a.txt') + 42, true);
    const patched = patch32(bytes, directoryEntry(bytes, 'b.txt') + 42, firstOffset);
    expect(refusal(() => openZip(patched)).code).toBe('zip_bomb');
  });

  it('never unpacks past the size an entry declares: a header that lies gets no further', () => {
    const bytes = zipSync({ 'small.txt': zeros(5 * 1024 * 1024) }, { level: 9 });
    // it now claims 1,000 bytes: the ratio check sees nothing wrong
    const lying = patch32(bytes, directoryEntry(bytes, 'small.txt') + 24, 1000);
    const zip = openZip(lying);
    const error = refusal(() => zip.read('small.txt'));
    expect(error.code).toBe('zip_bomb');
    expect(error.detail).toBe('small.txt: unpacks past its declared 1000 bytes');
  });

  it('refuses an entry that unpacks to less than it declares', () => {
    const bytes = zipSync({ 'a.txt': strToU8('hello world, hello world') }, { level: 9 });
    const zip = openZip(patch32(bytes, directoryEntry(bytes, 'a.txt') + 24, 100));
    expect(refusal(() => zip.read('a.txt')).code).toBe('malformed_zip');
  });

  it('unpacks one entry at a time: a damaged entry fails only when it is read', () => {
    const bytes = zipSync({ 'good.txt': strToU8('good'), 'bad.txt': [strToU8('bad data!'), { level: 0 }] });
    const view = new DataView(bytes.buffer);
    const badLocal = view.getUint32(directoryEntry(bytes, 'bad.txt') + 42, true);
    const damaged = badLocal + 30 + 'bad.txt'.length; // one byte of its data
    bytes[damaged] = bytes[damaged]! ^ 0xff;
    const zip = openZip(bytes);
    expect(zip.names).toEqual(['good.txt', 'bad.txt']);
    expect(zip.text('good.txt')).toBe('good');
    const error = refusal(() => zip.read('bad.txt'));
    expect(error).toMatchObject({ code: 'malformed_zip', detail: 'bad.txt: CRC-32 mismatch (damaged)' });
  });

  it('refuses a compression method it cannot unpack, when that entry is read', () => {
    const bytes = zipSync({ 'a.txt': strToU8('hello') });
    const zip = openZip(patch32(bytes, directoryEntry(bytes, 'a.txt') + 10, 14)); // LZMA
    expect(refusal(() => zip.read('a.txt')).code).toBe('malformed_zip');
  });

  it('unpacks a text whose packed data spans many inflate steps', () => {
    const text = Array.from({ length: 60_000 }, (_, i) => `palavra${(i * 2654435761) >>> 20}`).join(' ');
    const bytes = zipSync({ 'long.md': strToU8(text) });
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(openZip(bytes).text('long.md')).toBe(text);
  });
});

describe('modifiedAt', () => {
  it('reads an entry’s time as the zip wrote it (MS-DOS fields, taken as UTC), and null for a file it does not hold', () => {
    const written = new Date(2024, 1, 2, 10, 30, 44);
    const zip = openZip(zipSync({ 'posts.csv': strToU8('x') }, { mtime: written }));
    expect(zip.modifiedAt?.('posts.csv')).toBe(new Date(Date.UTC(2024, 1, 2, 10, 30, 44)).toISOString());
    expect(zip.modifiedAt?.('other.csv')).toBeNull();
  });

  it('prefers the extended timestamp field (UTC seconds) when the entry has one', () => {
    const seconds = Date.UTC(2023, 6, 9, 8, 7, 6) / 1000;
    const field = new Uint8Array(5);
    field[0] = 1;
    new DataView(field.buffer).setUint32(1, seconds, true);
    const zip = openZip(zipSync({ 'a.txt': [strToU8('x'), { mtime: new Date(2000, 0, 1), extra: { 0x5455: field } }] }));
    expect(zip.modifiedAt?.('a.txt')).toBe('2023-07-09T08:07:06.000Z');
  });
});

describe('entryForAddress', () => {
  const zip = openZip(zipSync({ 'posts/a.html': strToU8(''), 'images/a b.jpg': strToU8('x'), 'posts/img/c.png': strToU8('y') }));

  it('finds a picture the zip carries, relative to the file that names it', () => {
    expect(entryForAddress(zip, '../images/a%20b.jpg', 'posts/a.html')).toBe('images/a b.jpg');
    expect(entryForAddress(zip, 'img/c.png?v=2', 'posts/a.html')).toBe('posts/img/c.png');
    expect(entryForAddress(zip, '/images/a b.jpg', 'posts/a.html')).toBe('images/a b.jpg');
  });

  it('leaves web addresses and missing files linked', () => {
    expect(entryForAddress(zip, 'https://cdn.example/images/a b.jpg', 'posts/a.html')).toBeNull();
    expect(entryForAddress(zip, '//cdn.example/x.jpg', 'posts/a.html')).toBeNull();
    expect(entryForAddress(zip, 'img/missing.png', 'posts/a.html')).toBeNull();
  });
});
