import { isLanguage } from '../../../lib/language';
import { writeBackup, type BackupPost } from '../lib/backup-format';
import type { BackupClips, BackupFediverse, BackupSubscriber, SettingValue } from '../lib/plan';
import type { ArchiveClient } from './archive-client';
import { POST_IMAGES_BUCKET, postImagesBase } from './archive-images';

const PAGE = 500;

export interface ExportSummary {
  posts: number;
  settings: number;
  objects: number;
  /** Confirmed subscribers in the backup (null: the exporter may not read them, and the backup has none). */
  subscribers: number | null;
}

async function allPosts(client: ArchiveClient): Promise<BackupPost[]> {
  const posts: BackupPost[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client.from('blog_posts').select('*').order('created_at').order('id').range(from, from + PAGE - 1);
    if (error) throw new Error(`Reading the posts failed: ${error.message}`);
    for (const row of data ?? []) posts.push({ ...row, old_slugs: [], corrections: [], revisions: [] } as BackupPost);
    if ((data ?? []).length < PAGE) break;
  }
  const byId = new Map(posts.map((p) => [p.id, p]));
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client
      .from('blog_post_slugs')
      .select('language, slug, post_id')
      .eq('shared', true)
      .order('language')
      .order('slug')
      .range(from, from + PAGE - 1);
    if (error) throw new Error(`Reading the posts' old addresses failed: ${error.message}`);
    for (const s of data ?? []) {
      const post = byId.get(s.post_id);
      if (post && s.language === post.language && s.slug !== post.slug) post.old_slugs.push(s.slug);
    }
    if ((data ?? []).length < PAGE) break;
  }
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client
      .from('blog_post_corrections')
      .select('post_id, note, created_at')
      .order('created_at')
      .order('id')
      .range(from, from + PAGE - 1);
    if (error) throw new Error(`Reading the corrections failed: ${error.message}`);
    for (const c of data ?? []) byId.get(c.post_id)?.corrections.push({ note: c.note, created_at: c.created_at });
    if ((data ?? []).length < PAGE) break;
  }
  // the admin's alone (rls): a reader's export has none.
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client
      .from('blog_post_revisions')
      .select('post_id, saved_at, replaced_at, title, excerpt, content, category, read_time, image_url, image_alt, slug, published, date')
      .order('id')
      .range(from, from + PAGE - 1);
    // a visitor's key may not even ask (no grant): an export of what is public, without versions.
    if (error?.code === '42501') break;
    if (error) throw new Error(`Reading the posts' earlier versions failed: ${error.message}`);
    for (const { post_id, ...revision } of data ?? []) byId.get(post_id)?.revisions.push(revision);
    if ((data ?? []).length < PAGE) break;
  }
  return posts;
}

async function allSettings(client: ArchiveClient): Promise<SettingValue[]> {
  const { data, error } = await client.from('site_settings').select('key, language, value').order('language').order('key');
  if (error) throw new Error(`Reading the settings failed: ${error.message}`);
  return (data ?? []).filter((s) => isLanguage(s.language)).map((s) => ({ key: s.key, language: s.language as SettingValue['language'], value: s.value }));
}

/** The confirmed subscribers with their unsubscribe secrets; null for anyone but the admin (or the service key). */
async function allSubscribers(client: ArchiveClient): Promise<BackupSubscriber[] | null> {
  const { data, error } = await client.rpc('newsletter_backup_subscribers');
  if (error?.code === '42501') return null;
  if (error) throw new Error(`Reading the subscribers failed: ${error.message}`);
  return data ?? [];
}

/** Her published work; null for anyone but the admin (or the service key), or on a site without clips. */
async function allClips(client: ArchiveClient): Promise<BackupClips | null> {
  const { data, error } = await client.rpc('clips_backup');
  if (error?.code === '42501' || error?.code === 'PGRST202') return null;
  if (error) throw new Error(`Reading the clips failed: ${error.message}`);
  return data as unknown as BackupClips;
}

/**
 * Her fediverse accounts with their private keys; null for anyone but the
 * service key (the server's backups, `npm run export`): the keys never reach
 * a browser, hers included.
 */
async function allFediverse(client: ArchiveClient): Promise<BackupFediverse | null> {
  const { data, error } = await client.rpc('fediverse_backup');
  if (error?.code === '42501' || error?.code === 'PGRST202') return null;
  if (error) throw new Error(`Reading the fediverse accounts failed: ${error.message}`);
  return data as unknown as BackupFediverse;
}

/** Every file of the bucket, folders walked one level at a time (Storage lists one level). */
async function allObjects(client: ArchiveClient, bucketName: string): Promise<{ path: string; contentType: string }[]> {
  const bucket = client.storage.from(bucketName);
  const files: { path: string; contentType: string }[] = [];
  const folders = [''];
  while (folders.length) {
    const folder = folders.shift()!;
    for (let offset = 0; ; offset += 1000) {
      const { data, error } = await bucket.list(folder, { limit: 1000, offset, sortBy: { column: 'name', order: 'asc' } });
      if (error) throw new Error(`Listing Storage (${bucketName}/${folder}) failed: ${error.message}`);
      for (const entry of data ?? []) {
        const path = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.id === null) folders.push(path);
        else files.push({ path, contentType: String(entry.metadata?.mimetype ?? 'application/octet-stream') });
      }
      if ((data ?? []).length < 1000) break;
    }
  }
  return files;
}

/**
 * "Exportar tudo": every post (drafts and scheduled ones too), both
 * languages' settings and every picture in Storage, as one zip streamed to
 * `sink` (a file on the command line, a download in the admin screen). Never
 * users, password hashes, keys or sessions: it reads only posts, their
 * addresses, settings and the post-images bucket.
 */
export async function exportArchive(
  client: ArchiveClient,
  sink: (chunk: Uint8Array, final: boolean) => void,
  /** `fediverse`: the accounts' keys and followers, for the service key's exports (the server's backups, `npm run export`); her browser never asks (a refused call is an error in its console). */
  { fediverse: withFediverse = false }: { fediverse?: boolean } = {},
): Promise<ExportSummary> {
  const posts = await allPosts(client);
  const settings = await allSettings(client);
  const files = await allObjects(client, POST_IMAGES_BUCKET);
  const subscribers = await allSubscribers(client);
  const clips = await allClips(client);
  const fediverse = withFediverse ? await allFediverse(client) : null;
  // Her clips' files and fetched pages go with the clips (a visitor lists none: the buckets are listed by her alone).
  const clipFiles = clips ? [
    ...(await allObjects(client, 'clip-files')).map((f) => ({ ...f, bucket: 'clip-files' })),
    ...(await allObjects(client, 'clip-pages')).map((f) => ({ ...f, bucket: 'clip-pages' })),
  ] : [];
  const bucket = client.storage.from(POST_IMAGES_BUCKET);
  await writeBackup(
    {
      posts,
      settings,
      storageBase: postImagesBase(client),
      subscribers,
      clips,
      fediverse,
      objects: [...files.map((file) => ({ ...file, bucket: POST_IMAGES_BUCKET })), ...clipFiles].map((file) => ({
        bucket: file.bucket,
        path: file.path,
        contentType: file.contentType,
        bytes: async () => {
          const { data, error } = await (file.bucket === POST_IMAGES_BUCKET ? bucket : client.storage.from(file.bucket)).download(file.path);
          if (error || !data) throw new Error(`Downloading ${file.path} failed: ${error?.message ?? 'no data'}`);
          return new Uint8Array(await data.arrayBuffer());
        },
      })),
    },
    sink,
  );
  return { posts: posts.length, settings: settings.length, objects: files.length + clipFiles.length, subscribers: subscribers?.length ?? null };
}
