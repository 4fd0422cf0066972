import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION, readBackup, splitFrontMatter, writeBackup, type BackupContents, type BackupPost } from './backup-format';
import type { PlannedPost } from './plan';
import { openZip } from './zip';
import { refusal } from './fixtures/refusal';

const CREATED_AT = '2025-03-01T12:00:00.000Z';
const BASE = 'https://old.example/storage/v1/object/public/post-images/';

function post(overrides: Partial<BackupPost>): BackupPost {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    language: 'pt',
    slug: 'um-post',
    old_slugs: [],
    title: 'Um post',
    excerpt: 'Resumo.',
    content: 'Texto.',
    category: 'Outros',
    date: '2024-05-01T10:00:00+00:00',
    published: true,
    read_time: '1 min',
    image_url: null,
    image_alt: null,
    translation_group: null,
    translation_outdated: false,
    created_at: '2024-05-01T09:00:00+00:00',
    updated_at: '2024-05-02T09:00:00+00:00',
    origin_source: null,
    origin_id: null,
    origin_url: null,
    corrections: [],
    revisions: [],
    ...overrides,
  };
}

const GROUP = '99999999-9999-4999-8999-999999999999';
const POSTS: BackupPost[] = [
  post({
    content: '---\ntitle: not front matter\n---\nLinha com espaços no fim   \r\nCRLF\r\n\r\n# Título 🎉 ção\u200b\n\n',
    old_slugs: ['endereco-antigo', 'outro-antigo'],
    translation_group: GROUP,
    translation_outdated: true,
    image_url: `${BASE}posts/i0123/800.webp`,
    image_alt: 'Foto: "aspas" e #cerquilha\r\nsegunda linha  ',
    origin_source: 'wordpress',
    origin_id: '42',
    origin_url: 'https://blog.example/?p=42',
    corrections: [
      { note: 'Data corrigida: "3 de maio".', created_at: '2025-02-01T10:00:00.000Z' },
      { note: 'Second: #2\nlinha', created_at: '2025-02-02T10:00:00.000Z' },
    ],
  }),
  post({
    id: '22222222-2222-4222-8222-222222222222',
    language: 'en',
    slug: 'a-post',
    title: '---',
    excerpt: 'null',
    content: '',
    category: 'Crisis Communication',
    translation_group: GROUP,
  }),
  post({ id: '33333333-3333-4333-8333-333333333333', slug: 'rascunho', title: 'true', excerpt: null, content: null, published: false, category: null }),
  post({ id: '44444444-4444-4444-8444-444444444444', slug: 'agendado', title: ' 2024-01-01 ', date: '2025-04-01T09:00:00-03:00', excerpt: '  espaços  ' }),
];

const PICTURE = Uint8Array.from({ length: 3000 }, (_, i) => (i * 31) % 256);

function contents(overrides: Partial<BackupContents> = {}): BackupContents {
  return {
    posts: POSTS,
    settings: [
      { key: 'hero_title', language: 'pt', value: 'Olá — "mundo"\nlinha' },
      { key: 'hero_title', language: 'en', value: 'Hello' },
    ],
    storageBase: BASE,
    objects: [
      { bucket: 'post-images', path: 'posts/i0123/800.webp', contentType: 'image/webp', bytes: async () => PICTURE },
      { bucket: 'post-images', path: 'abc.txt', contentType: 'text/plain', bytes: async () => strToU8('abc') },
    ],
    createdAt: CREATED_AT,
    ...overrides,
  };
}

async function backupBytes(c: BackupContents = contents()): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let finals = 0;
  await writeBackup(c, (chunk, final) => {
    chunks.push(chunk);
    if (final) finals++;
  });
  expect(finals).toBe(1);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function expected(p: BackupPost, status: PlannedPost['status']): PlannedPost {
  return {
    origin: p.origin_source ? { source: p.origin_source as 'wordpress', id: p.origin_id!, url: p.origin_url } : { source: 'backup', id: p.id, url: null },
    id: p.id,
    language: p.language,
    title: p.title,
    excerpt: p.excerpt,
    content: p.content ?? '',
    sourceCategories: [],
    category: p.category,
    date: p.date,
    status,
    slug: p.slug,
    oldSlugs: p.old_slugs,
    readTime: p.read_time,
    imageUrl: p.image_url,
    imageAlt: p.image_alt,
    translationGroup: p.translation_group,
    translationOutdated: p.translation_outdated,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    corrections: p.corrections.map((c) => ({ note: c.note, createdAt: c.created_at })),
  };
}

describe('the backup, written and read back', () => {
  it('gives back the same posts (bodies byte for byte), settings and Storage objects', async () => {
    const plan = readBackup(openZip(await backupBytes()), 'backup.zip');
    expect(plan.source).toBe('backup');
    expect(plan.fileName).toBe('backup.zip');
    expect(plan.posts).toEqual([
      expected(POSTS[0]!, 'published'),
      expected(POSTS[1]!, 'published'),
      expected(POSTS[2]!, 'draft'),
      // published, dated after the backup was taken
      expected(POSTS[3]!, 'scheduled'),
    ]);
    expect(plan.settings).toEqual(contents().settings);
    expect(plan.storageBase).toBe(BASE);
    expect(plan.storedObjects).toEqual([
      { bucket: 'post-images', path: 'posts/i0123/800.webp', contentType: 'image/webp', entry: 'storage/post-images/posts/i0123/800.webp' },
      { bucket: 'post-images', path: 'abc.txt', contentType: 'text/plain', entry: 'storage/post-images/abc.txt' },
    ]);
    expect(plan.readEntry!('storage/post-images/posts/i0123/800.webp')).toEqual(PICTURE);
    expect(plan.images).toEqual([]);
    expect(plan.skipped).toEqual([]);
    expect(plan.warnings).toEqual([]);
  });

  it('writes the layout and manifest of version 1, pictures stored and texts deflated', async () => {
    const bytes = await backupBytes();
    const methods: Record<string, number> = {};
    unzipSync(bytes, {
      filter: (file) => {
        methods[file.name] = file.compression;
        return false;
      },
    });
    expect(methods).toEqual({
      'posts/pt/um-post.md': 8,
      'posts/en/a-post.md': 8,
      'posts/pt/rascunho.md': 8,
      'posts/pt/agendado.md': 8,
      'settings.json': 8,
      'storage/post-images/posts/i0123/800.webp': 0,
      'storage/post-images/abc.txt': 0,
      'manifest.json': 8,
    });
    const zip = openZip(bytes);
    const manifest = JSON.parse(zip.text('manifest.json'));
    expect(manifest).toMatchObject({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: CREATED_AT,
      storage_base: BASE,
      counts: { posts: 4, settings: 2, objects: 2 },
    });
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(Object.keys(methods).filter((n) => n !== 'manifest.json'));
    // SHA-256 of "abc" (FIPS 180-2 test vector)
    expect(manifest.files.find((f: { path: string }) => f.path === 'storage/post-images/abc.txt')).toEqual({
      path: 'storage/post-images/abc.txt',
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      content_type: 'text/plain',
    });
    const front = zip.text('posts/pt/agendado.md');
    expect(front).toMatch(/^---\nid: 44444444-4444-4444-8444-444444444444\nlanguage: pt\nslug: agendado\n/);
    expect(front).toContain('\nstatus: scheduled\npublished: true\n');
    expect(front).toContain('\norigin: null\n');
  });

  it('reads a post whose file was written on Windows (CRLF front matter)', async () => {
    const zip = openZip(await backupBytes());
    const file = zip.text('posts/pt/rascunho.md').replace(/\n/g, '\r\n');
    const manifest = zip.text('manifest.json');
    const plan = readBackup(openZip(zipSync({ 'manifest.json': strToU8(manifest), ...copyAllBut(zip, 'posts/pt/rascunho.md'), 'posts/pt/rascunho.md': strToU8(file) })), 'b.zip');
    expect(plan.posts.find((p) => p.slug === 'rascunho')).toMatchObject({ title: 'true', status: 'draft', content: '' });
  });

  it('streams: each Storage object is fetched only after the one before has gone to the sink', async () => {
    const marks = ['first-object-bytes', 'second-object-bytes', 'third-object-bytes'];
    const received: string[] = [];
    const seenWhenAsked: boolean[] = [];
    const objects = marks.map((mark, i) => ({
      bucket: 'post-images',
      path: `o${i}.bin`,
      contentType: 'application/octet-stream',
      bytes: async () => {
        seenWhenAsked.push(i === 0 || received.join('').includes(marks[i - 1]!));
        return strToU8(mark);
      },
    }));
    await writeBackup(contents({ objects }), (chunk) => received.push(new TextDecoder('latin1').decode(chunk)));
    expect(seenWhenAsked).toEqual([true, true, true]);
  });

  it('names a post by its id when its slug cannot be a file name', async () => {
    const bytes = await backupBytes(contents({ posts: [post({ slug: 'Not A Slug' })], objects: [] }));
    expect(openZip(bytes).names).toContain('posts/pt/11111111-1111-4111-8111-111111111111.md');
  });

  it('refuses to write a Storage object whose path a zip cannot restore, before writing anything', async () => {
    let chunks = 0;
    const bad = contents({ objects: [{ bucket: 'post-images', path: '../escape.png', contentType: 'image/png', bytes: async () => PICTURE }] });
    await expect(writeBackup(bad, () => chunks++)).rejects.toThrow('post-images/../escape.png');
    expect(chunks).toBe(0);
  });
});

function copyAllBut(zip: ReturnType<typeof openZip>, except: string): Record<string, Uint8Array> {
  return Object.fromEntries(zip.names.filter((n) => n !== except && n !== 'manifest.json').map((n) => [n, zip.read(n)]));
}

describe('corrections in a backup', () => {
  it("are in their post's front matter with their dates; a post without any has the file backups had before them", async () => {
    const zip = openZip(await backupBytes());
    const withCorrections = zip.text('posts/pt/um-post.md');
    expect(withCorrections).toContain('corrections:');
    expect(withCorrections).toContain('created_at: 2025-02-01T10:00:00.000Z');
    const without = zip.names.filter((n) => n.startsWith('posts/') && n !== 'posts/pt/um-post.md');
    expect(without).toHaveLength(3);
    for (const name of without) expect(zip.text(name), name).not.toContain('corrections');
  });
});

describe('readBackup refuses', () => {
  async function withFile(path: string, text: string): Promise<Uint8Array> {
    const zip = openZip(await backupBytes());
    return zipSync({ ...copyAllBut(zip, path), 'manifest.json': zip.read('manifest.json'), [path]: strToU8(text) });
  }

  it('a manifest of another format, or of a newer version', async () => {
    const zip = openZip(await backupBytes());
    const manifest = JSON.parse(zip.text('manifest.json'));
    const other = zipSync({ ...copyAllBut(zip, ''), 'manifest.json': strToU8(JSON.stringify({ ...manifest, format: 'ghost-backup' })) });
    expect(refusal(() => readBackup(openZip(other), 'b.zip'))).toMatchObject({ code: 'bad_backup', detail: 'manifest.json: format "ghost-backup", not journalist-site-backup' });
    const newer = zipSync({ ...copyAllBut(zip, ''), 'manifest.json': strToU8(JSON.stringify({ ...manifest, version: 2 })) });
    expect(refusal(() => readBackup(openZip(newer), 'b.zip'))).toMatchObject({ code: 'bad_backup', detail: 'manifest.json: version 2 is newer than 1' });
  });

  it('a file the manifest lists and the zip lacks', async () => {
    const zip = openZip(await backupBytes());
    const lacking = zipSync({ ...copyAllBut(zip, 'storage/post-images/abc.txt'), 'manifest.json': zip.read('manifest.json') });
    expect(refusal(() => readBackup(openZip(lacking), 'b.zip'))).toMatchObject({
      code: 'bad_backup',
      detail: 'storage/post-images/abc.txt: listed in manifest.json, missing from the zip',
    });
  });

  it.each([
    ['%2e%2e/%2e%2e/%2e%2e/%2e%2e/rest/v1/user_roles'],
    ['%2e%2e/other-bucket/x.txt'],
    ['posts/a?b.png'],
    ['posts/./a.png'],
  ])('a stored file whose path an address would resolve elsewhere (%s): the whole backup, before anything is read', async (path) => {
    const zip = openZip(await backupBytes());
    const manifest = JSON.parse(zip.text('manifest.json'));
    const entry = `storage/post-images/${path}`;
    const hostile = zipSync({
      ...copyAllBut(zip, ''),
      [entry]: strToU8('{"user_id":"00000000-0000-4000-8000-000000000000","role":"admin"}'),
      'manifest.json': strToU8(JSON.stringify({ ...manifest, files: [...manifest.files, { path: entry, content_type: 'application/json' }] })),
    });
    expect(refusal(() => readBackup(openZip(hostile), 'b.zip'))).toMatchObject({ code: 'bad_backup' });
  });

  it('a stored file of another bucket', async () => {
    const zip = openZip(await backupBytes());
    const manifest = JSON.parse(zip.text('manifest.json'));
    const hostile = zipSync({
      ...copyAllBut(zip, ''),
      'storage/avatars/a.png': PICTURE,
      'manifest.json': strToU8(JSON.stringify({ ...manifest, files: [...manifest.files, { path: 'storage/avatars/a.png', content_type: 'image/png' }] })),
    });
    expect(refusal(() => readBackup(openZip(hostile), 'b.zip')).detail).toMatch(/^storage\/avatars\/a\.png: a stored file outside post-images/);
  });

  it.each([
    ['no front matter', 'Texto sem cabeçalho.', 'posts/pt/rascunho.md: no front matter'],
    ['YAML that does not parse', '---\nid: [unclosed\n---\nTexto', 'posts/pt/rascunho.md: front matter is not valid YAML'],
    ['a category not of its language', null, 'posts/pt/rascunho.md: category "Crisis Communication"'],
    ['a status that contradicts published', null, 'posts/pt/rascunho.md: published false'],
  ])('a post file with %s, naming the file', async (_, text, detail) => {
    const zip = openZip(await backupBytes());
    let file = text ?? zip.text('posts/pt/rascunho.md');
    if (detail.includes('category')) file = file.replace('category: null', 'category: Crisis Communication');
    if (detail.includes('published')) file = file.replace('status: draft', 'status: published');
    const patched = openZip(await withFile('posts/pt/rascunho.md', file));
    const error = refusal(() => readBackup(patched, 'b.zip'));
    expect(error.code).toBe('bad_backup');
    expect(error.detail.startsWith(detail)).toBe(true);
  });
});

describe('splitFrontMatter', () => {
  it('ends the front matter at the first line that is only ---, and keeps everything after it as it is', () => {
    expect(splitFrontMatter('---\na: 1\n---\n---\nbody\n---\n')).toEqual({ yaml: 'a: 1\n', body: '---\nbody\n---\n' });
    expect(splitFrontMatter('---\na: 1\n---')).toEqual({ yaml: 'a: 1\n', body: '' });
    expect(splitFrontMatter('---\na: 1\n  ---\n')).toBeNull();
    expect(splitFrontMatter('a: 1\n---\n')).toBeNull();
  });
});
