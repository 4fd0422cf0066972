/**
 * A backup counts only once it reads back (issue 41): every file's SHA-256
 * against the manifest, nothing missing from or added to it, the counts it
 * states. Zips written by the export's own writeBackup, then changed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { writeBackup, type BackupPost } from '../../src/features/archive/lib/backup-format.ts';
import { verifyBackupFile } from './verify.ts';

const post: BackupPost = {
  id: '5b0c4d36-5d7a-4d33-9a4e-2f8e0c9d1a11', language: 'pt', slug: 'um-post', old_slugs: [], title: 'Um post', excerpt: null,
  content: 'Texto.', category: null, date: '2024-01-01T12:00:00Z', published: true, read_time: '1 min', image_url: null, image_alt: null,
  translation_group: null, translation_outdated: false, created_at: '2024-01-01T12:00:00Z', updated_at: '2024-01-01T12:00:00Z',
  origin_source: null, origin_id: null, origin_url: null, corrections: [], revisions: [],
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'verify-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function backupFiles(): Promise<Record<string, Uint8Array>> {
  const chunks: Uint8Array[] = [];
  await writeBackup(
    { posts: [post], settings: [], storageBase: 'http://x/storage/v1/object/public/post-images/', objects: [{ bucket: 'post-images', path: 'posts/a/1600.webp', contentType: 'image/webp', bytes: async () => new Uint8Array([1, 2, 3]) }] },
    (chunk) => void chunks.push(chunk),
  );
  return unzipSync(new Uint8Array(Buffer.concat(chunks)));
}

function save(name: string, files: Record<string, Uint8Array>): string {
  const file = path.join(dir, name);
  writeFileSync(file, zipSync(files));
  return file;
}

const manifestOf = (files: Record<string, Uint8Array>) => JSON.parse(strFromU8(files['manifest.json']!)) as { files: { path: string; sha256?: string }[] };

it('accepts the export as written, with its counts', async () => {
  const verified = await verifyBackupFile(save('whole.zip', await backupFiles()));
  expect(verified.counts).toEqual({ posts: 1, settings: 0, objects: 1, subscribers: null });
  expect([...verified.postIds]).toEqual([post.id]);
});

it('refuses a file whose bytes differ from the manifest\'s SHA-256', async () => {
  const files = await backupFiles();
  files['storage/post-images/posts/a/1600.webp'] = new Uint8Array([1, 2, 4]);
  await expect(verifyBackupFile(save('changed.zip', files))).rejects.toThrow('storage/post-images/posts/a/1600.webp: a soma SHA-256 não confere com o manifesto.');
});

it('refuses a manifest without a file\'s SHA-256, a file it does not list, and one it lists that is missing', async () => {
  const files = await backupFiles();
  const manifest = manifestOf(files);
  delete manifest.files[0]!.sha256;
  await expect(verifyBackupFile(save('no-sum.zip', { ...files, 'manifest.json': strToU8(JSON.stringify(manifest)) }))).rejects.toThrow('o manifesto não traz a soma SHA-256');
  await expect(verifyBackupFile(save('extra.zip', { ...(await backupFiles()), 'posts/pt/outro.md': strToU8('---\n---\n') }))).rejects.toThrow('posts/pt/outro.md: está no zip e falta no manifesto.');
  const missing = await backupFiles();
  delete missing['posts/pt/um-post.md'];
  await expect(verifyBackupFile(save('missing.zip', missing))).rejects.toThrow('posts/pt/um-post.md: está no manifesto e falta no zip.');
});

it('refuses a zip cut short', async () => {
  const whole = zipSync(await backupFiles());
  const file = path.join(dir, 'cut.zip');
  writeFileSync(file, whole.subarray(0, whole.length - 40));
  await expect(verifyBackupFile(file)).rejects.toThrow(/^O backup não pôde ser lido de volta/);
});
