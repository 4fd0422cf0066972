import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { CATEGORIES } from '../../../lib/categories';
import { isLanguage, type Language } from '../../../lib/language';
import { isSlug } from '../../../lib/slug';
import { ArchiveError, type ArchivePlan, type ArchiveWarning, type PlannedPost, type PlannedStatus, type PostOrigin, type PostRevision, type BackupSubscriber, type BackupClips, type BackupFediverse, type SettingValue, type StoredObject } from './plan';
import { sha256 as sha256Of } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { BACKUP_BUCKETS, isRestorablePath } from './object-path';
import { type ZipReader } from './zip';

/**
 * The site's own backup (decision 200), version 1: one zip holding
 * - `manifest.json`: format name and version, when it was written, the public
 *   address of the post-images bucket on the site that wrote it, counts, and
 *   every file with its SHA-256 (and a stored object's content type);
 * - `posts/<language>/<slug>.md`: YAML front matter, then the Markdown body
 *   byte for byte;
 * - `revisions/<post id>.json`: the versions a post's saves replaced, oldest
 *   first, for each post that has any (added in issue 41; older backups have
 *   none, and older readers skip them);
 * - `settings.json`: both languages' settings;
 * - `subscribers.json`: the confirmed subscribers, with the secret of their
 *   unsubscribe links (added in issue 41; absent from older backups and from
 *   an export by anyone but the admin);
 * - `clips.json`: her published work — followed feeds, clips, archived copies
 *   (added in issue 43; absent from older backups and from a visitor's export);
 * - `fediverse.json`: her fediverse accounts — names, RSA key pairs (private
 *   keys included: a backup is a secret), followers, blocks, replies with
 *   their moderation state, likes and boosts, the posts already announced
 *   (added in issue 45; only in a backup taken with the service key: the
 *   server's own backups and `npm run export`);
 * - `storage/<bucket>/<path>`: each Storage object byte for byte (post-images,
 *   clip-files, clip-pages).
 */
export const BACKUP_FORMAT = 'journalist-site-backup';
export const BACKUP_VERSION = 1;

/** A blog_posts row as the export reads it, with the post's old addresses. */
export interface BackupPost {
  id: string;
  language: Language;
  slug: string;
  old_slugs: string[];
  title: string;
  excerpt: string | null;
  content: string | null;
  category: string | null;
  date: string;
  published: boolean;
  read_time: string;
  image_url: string | null;
  image_alt: string | null;
  translation_group: string | null;
  translation_outdated: boolean;
  created_at: string;
  updated_at: string;
  origin_source: string | null;
  origin_id: string | null;
  origin_url: string | null;
  /** Its public corrections, oldest first (issue 26). */
  corrections: BackupCorrection[];
  /** The versions its saves replaced, oldest first (issue 41); the admin's alone, so a reader's export has none. */
  revisions: PostRevision[];
}

export interface BackupCorrection {
  note: string;
  created_at: string;
}

export interface BackupObject {
  bucket: string;
  path: string;
  contentType: string;
  /** Fetched only when its turn comes, so one object at a time is in memory. */
  bytes: () => Promise<Uint8Array>;
}

export interface BackupContents {
  posts: BackupPost[];
  settings: SettingValue[];
  /** The post-images bucket's public address on this site (…/storage/v1/object/public/post-images/). */
  storageBase: string;
  objects: BackupObject[];
  /** The confirmed subscribers; null when the exporter may not read them (the file is then left out). */
  subscribers?: BackupSubscriber[] | null;
  /** Her published work; null when the exporter may not read it (the file is then left out). */
  clips?: BackupClips | null;
  /** Her fediverse accounts with their keys; null when the exporter may not read them (anyone but the service key). */
  fediverse?: BackupFediverse | null;
  /** When the backup is taken (ISO); now when absent. */
  createdAt?: string;
}

interface ManifestFile {
  path: string;
  sha256: string;
  content_type?: string;
}

interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  storage_base: string;
  counts: { posts: number; settings: number; objects: number; revisions?: number; subscribers?: number; clips?: number; followers?: number };
  files: ManifestFile[];
}

const MANIFEST = 'manifest.json';
const SETTINGS = 'settings.json';
const SUBSCRIBERS = 'subscribers.json';
const CLIPS = 'clips.json';
const FEDIVERSE = 'fediverse.json';
/** fflate writes no ZIP64: a zip of more entries or bytes than these would be unreadable. */
const ZIP_MAX_ENTRIES = 0xffff;
const ZIP_MAX_BYTES = 0xffffffff;
const ORIGIN_SOURCES = new Set<PostOrigin['source']>(['wordpress', 'substack', 'medium', 'demo']);
const STATUSES = new Set<PlannedStatus>(['published', 'draft', 'scheduled']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Streams the backup zip to `sink`, one file at a time (a Storage object is
 * fetched when its turn comes). Texts are deflated; pictures are stored as
 * they are (already compressed). The manifest comes last, with every file's
 * SHA-256 (Web Crypto, in the browser and in Node).
 */
export async function writeBackup(contents: BackupContents, sink: (chunk: Uint8Array, final: boolean) => void): Promise<void> {
  const withRevisions = contents.posts.filter((p) => p.revisions.length > 0);
  const entries = contents.posts.length + withRevisions.length + contents.objects.length + 3;
  if (entries > ZIP_MAX_ENTRIES) throw new Error(`A backup of ${entries} files is more than one zip can hold (${ZIP_MAX_ENTRIES}).`);
  const createdAt = contents.createdAt ?? new Date().toISOString();
  const mtime = new Date(createdAt);
  const files: ManifestFile[] = [];
  const postPaths = new Set<string>();
  for (const object of contents.objects) objectPath(object); // refuse a path that could not be restored before writing anything

  // Every file is pushed whole, so fflate hands its bytes to the sink at once: nothing piles up.
  let written = 0;
  let ended = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    written += chunk.length;
    sink(chunk, final);
    if (final) ended = true;
  });
  const push = (file: ZipDeflate | ZipPassThrough, bytes: Uint8Array) => {
    file.mtime = mtime;
    zip.add(file);
    file.push(bytes, true);
  };
  const add = async (path: string, bytes: Uint8Array, compress: boolean, contentType?: string) => {
    if (written + bytes.length > ZIP_MAX_BYTES) throw new Error('The backup is larger than one zip can hold (4 GB).');
    push(compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path), bytes);
    files.push({ path, sha256: await sha256(bytes), ...(contentType === undefined ? {} : { content_type: contentType }) });
  };

  for (const post of contents.posts) {
    if (!isLanguage(post.language)) throw new Error(`Post ${post.id} has no language of this site (${String(post.language)}).`);
    let path = `posts/${post.language}/${post.slug}.md`;
    if (!isSlug(post.slug) || postPaths.has(path)) path = `posts/${post.language}/${post.id}.md`;
    postPaths.add(path);
    await add(path, strToU8(postFile(post, createdAt)), true);
  }
  for (const post of withRevisions) {
    if (!UUID.test(post.id)) throw new Error(`Post ${post.id} has no id a backup can name.`);
    await add(`revisions/${post.id}.json`, strToU8(`${JSON.stringify(post.revisions, null, 2)}\n`), true);
  }
  await add(SETTINGS, strToU8(`${JSON.stringify(contents.settings, null, 2)}\n`), true);
  if (contents.subscribers) await add(SUBSCRIBERS, strToU8(`${JSON.stringify(contents.subscribers, null, 2)}\n`), true);
  if (contents.clips) await add(CLIPS, strToU8(`${JSON.stringify(contents.clips, null, 2)}\n`), true);
  if (contents.fediverse) await add(FEDIVERSE, strToU8(`${JSON.stringify(contents.fediverse, null, 2)}\n`), true);
  for (const object of contents.objects) {
    await add(objectPath(object), await object.bytes(), false, object.contentType);
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: createdAt,
    storage_base: contents.storageBase,
    counts: {
      posts: contents.posts.length,
      settings: contents.settings.length,
      objects: contents.objects.length,
      revisions: withRevisions.reduce((n, p) => n + p.revisions.length, 0),
      ...(contents.subscribers ? { subscribers: contents.subscribers.length } : {}),
      ...(contents.clips ? { clips: contents.clips.clips.length } : {}),
      ...(contents.fediverse ? { followers: contents.fediverse.followers.length } : {}),
    },
    files,
  };
  push(new ZipDeflate(MANIFEST, { level: 6 }), strToU8(`${JSON.stringify(manifest, null, 2)}\n`));
  zip.end();
  if (!ended) throw new Error('The backup zip did not end.');
}

function objectPath(object: BackupObject): string {
  const path = `storage/${object.bucket}/${object.path}`;
  if (!BACKUP_BUCKETS.includes(object.bucket) || !isRestorablePath(object.path)) {
    throw new Error(`The Storage object ${object.bucket}/${object.path} has a name a zip cannot restore.`);
  }
  return path;
}

// not Web Crypto: crypto.subtle exists only in secure contexts, and a self-hosted admin on plain http has none.
async function sha256(bytes: Uint8Array): Promise<string> {
  return bytesToHex(sha256Of(bytes));
}

/** Published with a date after the backup was taken: a scheduled post. */
function statusOf(post: BackupPost, createdAt: string): PlannedStatus {
  if (!post.published) return 'draft';
  return Date.parse(post.date) > Date.parse(createdAt) ? 'scheduled' : 'published';
}

function postFile(post: BackupPost, createdAt: string): string {
  const front = {
    id: post.id,
    language: post.language,
    slug: post.slug,
    old_slugs: post.old_slugs,
    title: post.title,
    date: post.date,
    created_at: post.created_at,
    updated_at: post.updated_at,
    status: statusOf(post, createdAt),
    published: post.published,
    category: post.category,
    excerpt: post.excerpt,
    read_time: post.read_time,
    image_url: post.image_url,
    image_alt: post.image_alt,
    translation_group: post.translation_group,
    translation_outdated: post.translation_outdated,
    origin: post.origin_source ? { source: post.origin_source, id: post.origin_id, url: post.origin_url } : null,
    // only when there are any: a post's file reads as backups written before corrections existed.
    ...(post.corrections.length > 0 ? { corrections: post.corrections } : {}),
  };
  // lineWidth 0: a long title or excerpt stays on one line; the body follows the closing line as it is.
  return `---\n${stringifyYaml(front, { lineWidth: 0 })}---\n${post.content ?? ''}`;
}

/** The front matter's YAML and the body after its closing `---` line, or null when the file does not start with one. */
export function splitFrontMatter(text: string): { yaml: string; body: string } | null {
  const opening = /^---\r?\n/.exec(text);
  if (!opening) return null;
  let at = opening[0].length;
  while (at <= text.length) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline < 0 ? text.length : newline;
    if (text.slice(at, lineEnd).replace(/\r$/, '') === '---') {
      return { yaml: text.slice(opening[0].length, at), body: newline < 0 ? '' : text.slice(newline + 1) };
    }
    if (newline < 0) return null;
    at = newline + 1;
  }
  return null;
}

// ---------------------------------------------------------------- reading

const bad = (detail: string) => new ArchiveError('bad_backup', detail);

export function readBackup(zip: ZipReader, fileName: string): ArchivePlan {
  const manifest = readManifest(zip);
  const names = new Set(zip.names);
  for (const file of manifest.files) if (!names.has(file.path)) throw bad(`${file.path}: listed in ${MANIFEST}, missing from the zip`);
  const listed = new Set(manifest.files.map((f) => f.path));
  const warnings: ArchiveWarning[] = zip.names
    .filter((name) => name !== MANIFEST && !listed.has(name))
    .map((name) => ({ item: name, message: 'Arquivo fora do manifesto do backup: ignorado.' }));

  const posts: PlannedPost[] = [];
  const ids = new Set<string>();
  for (const file of manifest.files) {
    if (!/^posts\/(pt|en)\/[^/]+\.md$/.test(file.path)) continue;
    const post = readPost(zip.text(file.path), file.path);
    if (ids.has(post.id!)) throw bad(`${file.path}: post ${post.id} appears twice`);
    ids.add(post.id!);
    posts.push(post);
  }
  const byId = new Map(posts.map((p) => [p.id!, p]));
  for (const file of manifest.files) {
    const match = /^revisions\/([^/]+)\.json$/.exec(file.path);
    if (!match) continue;
    const post = byId.get(match[1]!);
    if (!post) throw bad(`${file.path}: revisions of a post the backup does not hold`);
    post.revisions = readRevisions(zip.text(file.path), file.path);
  }
  const settings = listed.has(SETTINGS) ? readSettings(zip.text(SETTINGS)) : [];
  const backupSubscribers = listed.has(SUBSCRIBERS) ? readSubscribers(zip.text(SUBSCRIBERS)) : undefined;
  const backupClips = listed.has(CLIPS) ? readClips(zip.text(CLIPS)) : undefined;
  const backupFediverse = listed.has(FEDIVERSE) ? readFediverse(zip.text(FEDIVERSE)) : undefined;
  const storedObjects: StoredObject[] = [];
  for (const file of manifest.files) {
    const match = /^storage\/([^/]+)\/(.+)$/.exec(file.path);
    if (!match) continue;
    if (!BACKUP_BUCKETS.includes(match[1]!) || !isRestorablePath(match[2]!)) {
      throw bad(`${file.path}: a stored file outside ${BACKUP_BUCKETS.join('/, ')}/ or with a name that is not a plain path (letters, digits, _ . - between slashes)`);
    }
    storedObjects.push({ bucket: match[1]!, path: match[2]!, contentType: file.content_type ?? 'application/octet-stream', entry: file.path });
  }
  return {
    source: 'backup',
    fileName,
    posts,
    skipped: [],
    warnings,
    images: [],
    settings,
    storedObjects,
    storageBase: manifest.storage_base,
    ...(backupSubscribers ? { backupSubscribers } : {}),
    ...(backupClips ? { backupClips } : {}),
    ...(backupFediverse ? { backupFediverse } : {}),
    readEntry: (entry) => zip.read(entry),
  };
}

/** The manifest if the zip has one (null when it is not a backup of this site's format at all). */
export function backupFormatOf(zip: ZipReader): string | null {
  if (!zip.names.includes(MANIFEST)) return null;
  try {
    const manifest = JSON.parse(zip.text(MANIFEST)) as unknown;
    return isRecord(manifest) && typeof manifest.format === 'string' ? manifest.format : null;
  } catch {
    return null;
  }
}

function readManifest(zip: ZipReader): Manifest {
  if (!zip.names.includes(MANIFEST)) throw bad(`${MANIFEST} missing`);
  let value: unknown;
  try {
    value = JSON.parse(zip.text(MANIFEST));
  } catch {
    throw bad(`${MANIFEST}: not JSON`);
  }
  if (!isRecord(value)) throw bad(`${MANIFEST}: not an object`);
  if (value.format !== BACKUP_FORMAT) throw bad(`${MANIFEST}: format ${JSON.stringify(value.format)}, not ${BACKUP_FORMAT}`);
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw bad(`${MANIFEST}: version ${JSON.stringify(version)}`);
  if (version > BACKUP_VERSION) throw bad(`${MANIFEST}: version ${version} is newer than ${BACKUP_VERSION}`);
  if (!isDate(value.created_at)) throw bad(`${MANIFEST}: created_at`);
  if (typeof value.storage_base !== 'string') throw bad(`${MANIFEST}: storage_base`);
  if (!Array.isArray(value.files)) throw bad(`${MANIFEST}: files`);
  const files: ManifestFile[] = value.files.map((file: unknown, i: number) => {
    if (!isRecord(file) || typeof file.path !== 'string' || (file.content_type !== undefined && typeof file.content_type !== 'string')) {
      throw bad(`${MANIFEST}: files[${i}]`);
    }
    return { path: file.path, sha256: String(file.sha256 ?? ''), content_type: file.content_type as string | undefined };
  });
  return { ...(value as unknown as Manifest), files };
}

function readPost(text: string, file: string): PlannedPost {
  const split = splitFrontMatter(text);
  if (!split) throw bad(`${file}: no front matter`);
  let front: unknown;
  try {
    front = parseYaml(split.yaml);
  } catch (error) {
    throw bad(`${file}: front matter is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  if (!isRecord(front)) throw bad(`${file}: front matter is not a mapping`);
  const field = (name: string, ok: (value: unknown) => boolean) => {
    if (!ok(front[name])) throw bad(`${file}: ${name} ${JSON.stringify(front[name]) ?? 'missing'}`);
    return front[name];
  };
  const id = field('id', (v) => typeof v === 'string' && UUID.test(v)) as string;
  const language = field('language', isLanguage) as Language;
  const slug = field('slug', (v) => typeof v === 'string' && isSlug(v)) as string;
  const oldSlugs = field('old_slugs', (v) => Array.isArray(v) && v.every((s) => typeof s === 'string' && isSlug(s))) as string[];
  const title = field('title', (v) => typeof v === 'string' && v.trim() !== '') as string;
  const date = field('date', isDate) as string;
  const createdAt = field('created_at', isDate) as string;
  const updatedAt = field('updated_at', isDate) as string;
  const status = field('status', (v) => STATUSES.has(v as PlannedStatus)) as PlannedStatus;
  field('published', (v) => v === (status !== 'draft'));
  const category = field('category', (v) => v === null || (CATEGORIES[language] as readonly unknown[]).includes(v)) as string | null;
  const excerpt = field('excerpt', isTextOrNull) as string | null;
  const readTime = field('read_time', (v) => typeof v === 'string' && v.trim() !== '') as string;
  const imageUrl = field('image_url', isTextOrNull) as string | null;
  const imageAlt = field('image_alt', isTextOrNull) as string | null;
  const translationGroup = field('translation_group', (v) => v === null || (typeof v === 'string' && UUID.test(v))) as string | null;
  const translationOutdated = field('translation_outdated', (v) => typeof v === 'boolean') as boolean;
  const origin = field(
    'origin',
    (v) => v === null || (isRecord(v) && ORIGIN_SOURCES.has(v.source as PostOrigin['source']) && typeof v.id === 'string' && v.id !== '' && isTextOrNull(v.url)),
  ) as PostOrigin | null;
  // Backups written before corrections existed have none.
  const corrections = (front.corrections === undefined ? [] : field(
    'corrections',
    (v) => Array.isArray(v) && v.every((c) => isRecord(c) && typeof c.note === 'string' && c.note.trim() !== '' && c.note.length <= 500 && isDate(c.created_at)),
  )) as BackupCorrection[];
  return {
    origin: origin ? { source: origin.source, id: origin.id, url: origin.url } : { source: 'backup', id, url: null },
    id,
    language,
    title,
    excerpt,
    content: split.body,
    sourceCategories: [],
    category,
    date,
    status,
    slug,
    oldSlugs,
    readTime,
    imageUrl,
    imageAlt,
    translationGroup,
    translationOutdated,
    createdAt,
    updatedAt,
    corrections: corrections.map((c) => ({ note: c.note, createdAt: c.created_at })),
  };
}

function readRevisions(text: string, file: string): PostRevision[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(`${file}: not JSON`);
  }
  if (!Array.isArray(value)) throw bad(`${file}: not a list`);
  return value.map((r: unknown, i) => {
    const ok =
      isRecord(r) &&
      isDate(r.saved_at) && isDate(r.replaced_at) && isDate(r.date) &&
      typeof r.title === 'string' && typeof r.read_time === 'string' && typeof r.slug === 'string' && typeof r.published === 'boolean' &&
      isTextOrNull(r.excerpt) && isTextOrNull(r.content) && isTextOrNull(r.category) && isTextOrNull(r.image_url) && isTextOrNull(r.image_alt);
    if (!ok) throw bad(`${file}: item ${i + 1}`);
    const { saved_at, replaced_at, title, excerpt, content, category, read_time, image_url, image_alt, slug, published, date } = r as unknown as PostRevision;
    return { saved_at, replaced_at, title, excerpt, content, category, read_time, image_url, image_alt, slug, published, date };
  });
}

/** Only the shape here: clips_restore checks every row against the schema again. */
function readClips(text: string): BackupClips {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(`${CLIPS}: not JSON`);
  }
  const v = value as Partial<BackupClips> | null;
  const rows = (x: unknown) => Array.isArray(x) && x.every((r) => r && typeof r === 'object' && !Array.isArray(r));
  if (!v || !rows(v.feeds) || !rows(v.clips) || !rows(v.copies)) throw bad(`${CLIPS}: feeds, clips and copies must be lists of rows`);
  return { feeds: v.feeds!, clips: v.clips!, copies: v.copies! };
}

const FEDIVERSE_PARTS = ['accounts', 'keys', 'followers', 'blocks', 'replies', 'reactions', 'posts'] as const;

/** Only the shape here: fediverse_restore checks every row against the schema again. */
function readFediverse(text: string): BackupFediverse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(`${FEDIVERSE}: not JSON`);
  }
  const v = (value ?? {}) as Partial<Record<(typeof FEDIVERSE_PARTS)[number], unknown>>;
  const rows = (x: unknown) => x === undefined || (Array.isArray(x) && x.every((r) => r && typeof r === 'object' && !Array.isArray(r)));
  if (typeof value !== 'object' || Array.isArray(value) || !FEDIVERSE_PARTS.every((part) => rows(v[part]))) {
    throw bad(`${FEDIVERSE}: ${FEDIVERSE_PARTS.join(', ')} must be lists of rows`);
  }
  return Object.fromEntries(FEDIVERSE_PARTS.map((part) => [part, (v[part] as Record<string, unknown>[] | undefined) ?? []])) as unknown as BackupFediverse;
}

function readSubscribers(text: string): BackupSubscriber[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(`${SUBSCRIBERS}: not JSON`);
  }
  if (!Array.isArray(value)) throw bad(`${SUBSCRIBERS}: not a list`);
  // the database checks each address and date again (newsletter_restore_subscribers); here only the shape.
  return value.map((s: unknown, i) => {
    const ok =
      isRecord(s) && typeof s.email === 'string' && Array.isArray(s.languages) && s.languages.every(isLanguage) &&
      typeof s.source === 'string' && isDate(s.created_at) && isDate(s.confirmed_at) &&
      typeof s.unsubscribe_token === 'string' && UUID.test(s.unsubscribe_token);
    if (!ok) throw bad(`${SUBSCRIBERS}: item ${i + 1}`);
    const { email, languages, source, created_at, confirmed_at, unsubscribe_token } = s as unknown as BackupSubscriber;
    return { email, languages, source, created_at, confirmed_at, unsubscribe_token };
  });
}

function readSettings(text: string): SettingValue[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(`${SETTINGS}: not JSON`);
  }
  if (!Array.isArray(value)) throw bad(`${SETTINGS}: not a list`);
  return value.map((setting: unknown, i) => {
    if (!isRecord(setting) || typeof setting.key !== 'string' || !isLanguage(setting.language) || typeof setting.value !== 'string') {
      throw bad(`${SETTINGS}: item ${i + 1}`);
    }
    return { key: setting.key, language: setting.language, value: setting.value };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDate(value: unknown): boolean {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

function isTextOrNull(value: unknown): boolean {
  return value === null || typeof value === 'string';
}
