import type { Language } from '../../../lib/language';
import { BACKUP_BUCKETS, isRestorablePath } from '../lib/object-path';
import type { ArchivePlan, ArchiveWarning, SkippedItem } from '../lib/plan';
import type { ArchiveClient } from './archive-client';
import { POST_IMAGES_BUCKET, postImagesBase, storeSizedImage, type ImageSizer } from './archive-images';
import { removeDemoContent } from './demo-content';
import { batchesOf, importRow } from './post-rows';

export type { ImageSizer, SizedImage } from './archive-images';

/** Posts per call of public.import_posts: one transaction each, well inside the API role's statement timeout. */
export const IMPORT_BATCH_SIZE = 50;

export interface ImportOptions {
  /** For posts whose language the file does not say. */
  language: Language;
  /** Source category → index in the parallel lists of src/lib/categories.ts; unmapped: "Outros"/"Others". */
  categoryMap: Record<string, number>;
  sizeImage: ImageSizer;
  onProgress?: (done: number, total: number) => void;
  /**
   * A backup only: delete the posts of this site that the backup does not
   * hold (a fresh install's demo posts, say), so the site is the backup's
   * exactly.
   */
  replace?: boolean;
  /**
   * Delete the example posts of a new install that the file does not hold
   * ("Remover conteúdo de exemplo"), before anything is written.
   */
  removeDemo?: boolean;
}

export interface ImportedPost {
  title: string;
  id: string;
  slug: string;
  language: Language;
  outcome: 'created' | 'updated' | 'unchanged';
}

export interface ImportReport {
  fileName: string;
  posts: ImportedPost[];
  created: number;
  updated: number;
  unchanged: number;
  imagesUploaded: number;
  /** Addresses the posts still link to on other sites (the "Baixar imagens" step copies them). */
  linkedImages: string[];
  skipped: SkippedItem[];
  warnings: ArchiveWarning[];
  settingsRestored: number;
  objectsRestored: number;
  /** Posts deleted because the backup did not hold them (replace only). */
  deleted: number;
  /** Example posts of the install deleted (removeDemo only). */
  demoRemoved: number;
  /** Earlier versions of posts restored from a backup (those already here are not counted). */
  revisionsRestored: number;
  /** A backup's confirmed subscribers added (those already on the list are left as they are). */
  subscribersRestored: number;
  /** A backup's clips added or brought up to date (issue 43); absent when it holds none. */
  clipsRestored?: number;
  /** A backup's fediverse followers and replies added (issue 45); absent when it holds none. */
  fediverseRestored?: { followers: number; replies: number };
}

/** A write refused or failed; what was written before it stays, and a second run completes the import without duplicates. */
export class ImportWriteError extends Error {
  override name = 'ImportWriteError';
  constructor(
    message: string,
    readonly written: number,
  ) {
    super(message);
  }
}

async function deletePostsNotIn(client: ArchiveClient, kept: ReadonlySet<string>): Promise<number> {
  const others: string[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await client.from('blog_posts').select('id').order('id').range(from, from + 999);
    if (error) throw new ImportWriteError(`Reading the site's posts failed: ${error.message}`, kept.size);
    for (const row of data ?? []) if (!kept.has(row.id)) others.push(row.id);
    if ((data ?? []).length < 1000) break;
  }
  let deleted = 0;
  for (let i = 0; i < others.length; i += 100) {
    const { data, error } = await client.from('blog_posts').delete().in('id', others.slice(i, i + 100)).select('id');
    if (error) throw new ImportWriteError(`Deleting the posts the backup does not hold failed: ${error.message}`, kept.size);
    deleted += data?.length ?? 0;
  }
  return deleted;
}

interface ImportedRow {
  post_id: string;
  post_slug: string;
  outcome: ImportedPost['outcome'];
}

/**
 * Writes a plan that readArchive understood in full. Pictures first (each
 * under a folder named by its bytes, so a second run finds them), then the
 * posts in batches, each one transaction of public.import_posts, found by
 * id or origin: a run cut short anywhere is completed by running it again,
 * and the same file imported twice changes nothing. Then a backup's settings.
 */
export async function importArchive(client: ArchiveClient, plan: ArchivePlan, options: ImportOptions): Promise<ImportReport> {
  const carried = plan.images.filter((i) => i.entry !== null);
  const objects = plan.storedObjects ?? [];
  const total = objects.length + carried.length + plan.posts.length + (plan.settings?.length ? 1 : 0);
  let done = 0;
  const step = (n = 1) => {
    done += n;
    options.onProgress?.(done, total);
  };
  options.onProgress?.(0, total);

  const report: ImportReport = {
    fileName: plan.fileName,
    posts: [],
    created: 0,
    updated: 0,
    unchanged: 0,
    imagesUploaded: 0,
    linkedImages: [],
    skipped: plan.skipped,
    warnings: [...plan.warnings],
    settingsRestored: 0,
    objectsRestored: 0,
    deleted: 0,
    demoRemoved: 0,
    revisionsRestored: 0,
    subscribersRestored: 0,
  };
  const addresses = new Map<string, string>();

  // first, so the backup's posts get their own addresses back (a demo post
  // may hold one); what is deleted was to go anyway, and a run cut short
  // after it is completed by running it again.
  if (options.replace) {
    if (plan.source !== 'backup') throw new ImportWriteError('Only a backup replaces what the site holds.', 0);
    report.deleted = await deletePostsNotIn(client, new Set(plan.posts.map((p) => p.id!)));
  }

  if (options.removeDemo) {
    try {
      report.demoRemoved = await removeDemoContent(client, new Set(plan.posts.flatMap((p) => (p.id ? [p.id] : []))));
    } catch (error) {
      throw new ImportWriteError(error instanceof Error ? error.message : String(error), 0);
    }
  }

  // a backup's Storage, byte for byte at the same paths.
  for (const object of objects) {
    if (!plan.readEntry) throw new ImportWriteError('The backup cannot be read again.', report.posts.length);
    // a backup holds the post pictures' bucket and nothing else, under plain paths (readBackup refuses
    // others; checked again here, where the path becomes an address: see isRestorablePath).
    if (!BACKUP_BUCKETS.includes(object.bucket) || !isRestorablePath(object.path)) {
      report.warnings.push({ item: `${object.bucket}/${object.path}`, message: 'Arquivo fora do bucket de imagens dos posts, ou com um nome que não é um caminho simples: não restaurado.' });
      step();
      continue;
    }
    const bucket = client.storage.from(object.bucket);
    const { error } = await bucket.upload(object.path, plan.readEntry(object.entry), {
      contentType: object.contentType,
      cacheControl: '31536000',
      upsert: true,
    });
    if (error) throw new ImportWriteError(`Storage refused ${object.bucket}/${object.path}: ${error.message}`, 0);
    report.objectsRestored++;
    step();
  }
  if (plan.storageBase) {
    const here = postImagesBase(client);
    if (plan.storageBase !== here) addresses.set(plan.storageBase, here);
  }

  for (const image of carried) {
    try {
      const stored = await storeSizedImage(client, plan.readEntry!(image.entry!), options.sizeImage);
      addresses.set(image.url, stored.url);
      if (stored.uploaded) report.imagesUploaded++;
    } catch (e) {
      report.warnings.push({ item: image.url, message: `Imagem não copiada (${e instanceof Error ? e.message : String(e)}); o post continua a apontar para o endereço original.` });
    }
    step();
  }

  // Her fediverse accounts (issue 45), before the posts: their keys, followers and the posts already
  // announced, so the delivery worker never sees a restored post as new and announces it again.
  const restoreFediverse = async () => {
    const { data, error } = await client.rpc('fediverse_restore', { backup: plan.backupFediverse as never });
    if (error) throw new ImportWriteError(`The database refused the fediverse accounts (${error.code ?? 'error'}: ${error.message}).`, report.posts.length);
    return data as unknown as { followers: number; replies: number } | null;
  };
  const fediverseBefore = plan.backupFediverse ? await restoreFediverse() : null;

  const rows = plan.posts.map((post) => importRow(post, options, addresses));
  const titles = new Map(rows.map((row, i) => [row, plan.posts[i]!.title]));
  for (const batch of batchesOf(rows, IMPORT_BATCH_SIZE)) {
    const { data, error } = await client.rpc('import_posts', { posts: batch as never });
    if (error) {
      const first = batch[0]!;
      throw new ImportWriteError(
        `The database refused the posts from "${first.title}" on (${error.code ?? 'error'}: ${error.message}).`,
        report.posts.length,
      );
    }
    const results = (data ?? []) as unknown as ImportedRow[];
    results.forEach((result, i) => {
      const row = batch[i]!;
      report.posts.push({ title: titles.get(row)!, id: result.post_id, slug: result.post_slug, language: row.language, outcome: result.outcome });
      report[result.outcome]++;
    });
    step(batch.length);
  }

  // A backup's corrections, once its posts exist (issue 26); those already here are skipped.
  const corrections = plan.posts.flatMap((post) =>
    post.id === undefined ? [] : (post.corrections ?? []).map((c) => ({ post_id: post.id, note: c.note, created_at: c.createdAt })),
  );
  for (let from = 0; from < corrections.length; from += IMPORT_BATCH_SIZE) {
    const { error } = await client.rpc('import_corrections', { corrections: corrections.slice(from, from + IMPORT_BATCH_SIZE) });
    if (error) throw new ImportWriteError(`The database refused the posts' corrections (${error.code ?? 'error'}: ${error.message}).`, report.posts.length);
  }

  // A backup's earlier versions of its posts (issue 41); those already here are skipped.
  const revisions = plan.posts.flatMap((post) => (post.id === undefined ? [] : (post.revisions ?? []).map((r) => ({ post_id: post.id, ...r }))));
  for (let from = 0; from < revisions.length; from += IMPORT_BATCH_SIZE) {
    const { data, error } = await client.rpc('import_revisions', { revisions: revisions.slice(from, from + IMPORT_BATCH_SIZE) });
    if (error) throw new ImportWriteError(`The database refused the posts' earlier versions (${error.code ?? 'error'}: ${error.message}).`, report.posts.length);
    report.revisionsRestored += Number(data ?? 0);
  }

  // A backup's subscribers, with the secrets of their unsubscribe links (issue 41).
  const subscribers = plan.backupSubscribers ?? [];
  for (let from = 0; from < subscribers.length; from += 500) {
    const { data, error } = await client.rpc('newsletter_restore_subscribers', { subscribers: subscribers.slice(from, from + 500) as never });
    if (error) throw new ImportWriteError(`The database refused the subscribers (${error.code ?? 'error'}: ${error.message}).`, report.posts.length);
    const [counts] = data ?? [];
    report.subscribersRestored += counts?.added ?? 0;
    if (counts?.invalid) report.warnings.push({ item: 'subscribers.json', message: `${counts.invalid} assinante(s) com endereço ou data inválidos: não restaurado(s).` });
  }

  // Her published work (issue 43): feeds, clips and copies in one call, repeatably.
  if (plan.backupClips) {
    const { data, error } = await client.rpc('clips_restore', { backup: plan.backupClips as never });
    if (error) throw new ImportWriteError(`The database refused the clips (${error.code ?? 'error'}: ${error.message}).`, report.posts.length);
    const counts = data as unknown as { added: number; updated: number } | null;
    report.clipsRestored = (counts?.added ?? 0) + (counts?.updated ?? 0);
  }

  // Again after the posts: the replies and reactions of posts that exist now; the rest is there already.
  if (plan.backupFediverse) {
    const after = await restoreFediverse();
    report.fediverseRestored = { followers: (fediverseBefore?.followers ?? 0) + (after?.followers ?? 0), replies: after?.replies ?? 0 };
  }

  for (const setting of plan.settings ?? []) {
    const { data, error } = await client
      .from('site_settings')
      .update({ value: setting.value })
      .eq('key', setting.key)
      .eq('language', setting.language)
      .neq('value', setting.value)
      .select('key');
    if (error) throw new ImportWriteError(`The database refused the setting ${setting.key} (${setting.language}): ${error.message}`, report.posts.length);
    report.settingsRestored += data?.length ?? 0;
  }
  if (plan.settings?.length) step();

  const linked = new Set<string>();
  for (const image of plan.images) if (!addresses.has(image.url)) linked.add(image.url);
  // pictures already in this project's bucket (a backup's, rewritten above) are not "linked elsewhere".
  report.linkedImages = [...linked].filter((url) => !url.includes(`/object/public/${POST_IMAGES_BUCKET}/`));
  return report;
}
