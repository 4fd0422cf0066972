import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeBackup } from './backup-format';
import { makeWxr } from './fixtures/make-wxr';
import { fixtureFiles, zipFixture } from './fixtures/zip-folder';
import { ARCHIVE_LIMITS, ArchiveError, type ArchiveErrorCode } from './plan';
import { describeArchiveError, readArchive } from './read-archive';
import { refusal } from './fixtures/refusal';

async function backupZip(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await writeBackup(
    {
      posts: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          language: 'pt',
          slug: 'um-post',
          old_slugs: [],
          title: 'Um post',
          excerpt: null,
          content: 'Texto.',
          category: 'Outros',
          date: '2024-05-01T10:00:00+00:00',
          published: true,
          read_time: '1 min',
          image_url: null,
          image_alt: null,
          translation_group: null,
          translation_outdated: false,
          created_at: '2024-05-01T10:00:00+00:00',
          updated_at: '2024-05-01T10:00:00+00:00',
          origin_source: null,
          origin_id: null,
          origin_url: null,
          corrections: [],
          revisions: [],
        },
      ],
      settings: [],
      storageBase: 'https://old.example/storage/v1/object/public/post-images/',
      objects: [],
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    (chunk) => chunks.push(chunk),
  );
  const joined = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

describe('readArchive recognises the file by what it holds', () => {
  it('the site’s own backup', async () => {
    const plan = readArchive(await backupZip(), 'anything.bin');
    expect(plan.source).toBe('backup');
    expect(plan.posts.map((p) => p.id)).toEqual(['11111111-1111-4111-8111-111111111111']);
  });

  it('Substack’s export, also when zipped again inside its folder with macOS’s resource forks', () => {
    expect(readArchive(zipFixture('substack'), 'export.zip').source).toBe('substack');
    const inFolder = Object.entries(fixtureFiles('substack')).map(([name, bytes]) => [`anapub-export/${name}`, bytes]);
    const withForks = zipSync({ ...Object.fromEntries(inFolder), '__MACOSX/anapub-export/._posts.csv': strToU8('fork') });
    const plan = readArchive(withForks, 'anapub-export.zip');
    expect(plan.source).toBe('substack');
    expect(plan.posts).toHaveLength(5);
  });

  it('Medium’s export, also when it holds only its posts/ folder', () => {
    const plan = readArchive(zipFixture('medium'), 'medium-export.zip');
    expect(plan.source).toBe('medium');
    expect(plan.posts).toHaveLength(3);
    const postsOnly = Object.entries(fixtureFiles('medium')).filter(([name]) => name.startsWith('posts/'));
    const only = readArchive(zipSync(Object.fromEntries(postsOnly)), 'posts.zip');
    expect(only.source).toBe('medium');
    expect(only.posts).toHaveLength(3);
  });

  it('a WordPress export, as XML (after a byte-order mark and blank lines) or in a zip with its uploads', () => {
    const xml = makeWxr(3);
    const plain = readArchive(new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8(`\n\n  ${xml}`)]), 'blog.WordPress.2024-02-10.xml');
    expect(plain.source).toBe('wordpress');
    expect(plain.posts).toHaveLength(3);
    expect(plain.readEntry).toBeUndefined();

    const picture = plain.images[0]!.url;
    const upload = picture.slice(picture.indexOf('wp-content/'));
    const photo = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const zipped = readArchive(zipSync({ 'export.xml': strToU8(xml), [upload]: photo }), 'blog.zip');
    expect(zipped.source).toBe('wordpress');
    const carried = zipped.images.find((image) => image.url === picture)!;
    expect(carried.entry).toBe(upload);
    expect(zipped.readEntry!(carried.entry!)).toEqual(photo);
  });

  it('a WordPress export in several files, as one plan with each picture once', () => {
    const xml = makeWxr(2);
    const plan = readArchive(zipSync({ 'blog-1.xml': strToU8(xml), 'blog-2.xml': strToU8(xml.replace(/https:\/\/blog\.example\.com/g, 'https://outro.example.com')) }), 'blog.zip');
    expect(plan.posts).toHaveLength(4);
    expect(new Set(plan.images.map((i) => i.url)).size).toBe(plan.images.length);
  });

  it.each<[string, Uint8Array, ArchiveErrorCode]>([
    ['nothing', new Uint8Array(0), 'empty'],
    ['blank lines', strToU8('\n  \n'), 'empty'],
    ['an empty zip', zipSync({}), 'empty'],
    ['a PDF', strToU8('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'unknown_format'],
    ['a CSV alone', strToU8('post_id,title\n1.a,A\n'), 'unknown_format'],
    ['a zip of photos', zipSync({ 'ferias/praia.jpg': Uint8Array.from([0xff, 0xd8]) }), 'unknown_format'],
    ['a zip with a path that climbs out', zipSync({ 'posts.csv': strToU8('x'), '../../.bashrc': strToU8('x') }), 'zip_path'],
  ])('and refuses %s', (_, bytes, code) => {
    expect(refusal(() => readArchive(bytes, 'file')).code).toBe(code);
  });

  it('and refuses a file over the size limit before reading it', () => {
    expect(refusal(() => readArchive(new Uint8Array(ARCHIVE_LIMITS.maxFileBytes + 1), 'huge.zip')).code).toBe('too_large');
  });

  it('gives the same plan when the same file is read twice', () => {
    const bytes = zipFixture('substack');
    expect(readArchive(bytes, 'a.zip')).toEqual(readArchive(bytes, 'a.zip'));
  });
});

describe('describeArchiveError', () => {
  const codes: ArchiveErrorCode[] = ['unknown_format', 'malformed_xml', 'malformed_csv', 'malformed_zip', 'zip_path', 'zip_bomb', 'too_large', 'bad_backup', 'empty'];

  it('says why in one sentence per code, in Portuguese and in English, with where', () => {
    for (const language of ['pt', 'en'] as const) {
      const sentences = codes.map((code) => describeArchiveError(new ArchiveError(code, ''), language));
      expect(new Set(sentences).size).toBe(codes.length);
      for (const sentence of sentences) expect(sentence).toMatch(/^[A-ZÁÉÍÓÚ].*\.$/);
    }
    expect(describeArchiveError(new ArchiveError('unknown_format', 'foto.png'), 'pt')).toBe(
      'Este arquivo não é uma exportação do WordPress, Substack ou Medium nem um backup deste site. (foto.png)',
    );
    expect(describeArchiveError(new ArchiveError('zip_path', '"../../etc/passwd" (..)'), 'en')).toBe(
      'The zip has a path that would leave the folder it is opened in; nothing was imported. ("../../etc/passwd" (..))',
    );
    expect(describeArchiveError(new ArchiveError('too_large', ''), 'pt')).toBe('O arquivo passa do limite de 2048 MB.');
  });

  it('says what went wrong for an error that is not the archive’s', () => {
    expect(describeArchiveError(new Error('disco cheio'), 'pt')).toBe('Não foi possível ler o arquivo: disco cheio');
    expect(describeArchiveError(new Error('disk full'), 'en')).toBe('The file could not be read: disk full');
  });
});
