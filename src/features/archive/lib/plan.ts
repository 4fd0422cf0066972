import type { Language } from '../../../lib/language';

/**
 * What an archive file holds, understood in full before anything is written
 * (DESIGN.md: "nothing is written until the whole input is understood").
 * Every reader (WordPress, Substack, Medium, the site's own backup) turns
 * its file into one ArchivePlan; one writer (../api/import-archive.ts) takes
 * any plan to the database and Storage through supabase-js, for the admin
 * screen and the command line alike.
 */
export type ArchiveSource = 'wordpress' | 'substack' | 'medium' | 'backup';

/** Where a planned post says it came from: a platform, a backup, or the example posts of a new install. */
export type OriginSource = ArchiveSource | 'demo';

export type PlannedStatus = 'published' | 'draft' | 'scheduled';

export interface PostOrigin {
  source: OriginSource;
  /** The source's own stable key for the post (WordPress post id, Substack post_id, Medium story id, or the backup's post id). */
  id: string;
  /** The post's original public address, where the source gives one. */
  url: string | null;
}

export interface PlannedPost {
  /** With source, what makes a second import of the same file update this post instead of adding it again. */
  origin: PostOrigin;
  /** The post's own id: only the site's backup carries it (a restore keeps ids). */
  id?: string;
  /** null: the language chosen for the whole file at import. */
  language: Language | null;
  title: string;
  /** The source's summary, else the first paragraph as plain text; null when the post has no text. */
  excerpt: string | null;
  /** The body as Markdown (src/features/posts/lib/markdown renders it; raw HTML is never rendered). */
  content: string;
  /** Category names as the source has them, in its order; mapped to the site's four at import. */
  sourceCategories: string[];
  /** The backup's exact category (already one of the site's); other sources leave it undefined. */
  category?: string | null;
  /** Original publication date, ISO 8601 with offset. */
  date: string;
  status: PlannedStatus;
  /** The source's own slug (lower-case a-z, 0-9, single hyphens, ≤ 80), or null to make one from the title. */
  slug: string | null;
  /** The backup's earlier public addresses of the post (kept so they still lead to it). */
  oldSlugs?: string[];
  /** '7 min'; computed from the words when absent. */
  readTime?: string;
  /** Cover image address as found (an address in `images` when it is one to upload), and its description. */
  imageUrl: string | null;
  imageAlt: string | null;
  /** Backup only. */
  translationGroup?: string | null;
  translationOutdated?: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** Backup only: its public corrections (issue 26). */
  corrections?: { note: string; createdAt: string }[];
  /** Backup only: the versions its saves replaced, oldest first (issue 41). */
  revisions?: PostRevision[];
}

/** An item of the file that is not imported, and why (shown before anything is written). */
export interface SkippedItem {
  title: string;
  /** What kind of item: 'page', 'attachment', 'nav_menu_item', 'private', 'trash', 'podcast', … */
  kind: string;
  reason: string;
}

/** Something she should know about (an unknown shortcode, an embed kept as a link, a missing image …). */
export interface ArchiveWarning {
  /** The post's title, or the file's name for file-level warnings. */
  item: string;
  message: string;
}

/**
 * An image a post refers to. `url` is exactly as it appears in the posts'
 * Markdown and cover addresses (the writer replaces it there). `entry` is
 * its path inside the zip when the file carries it; linked images have none.
 */
export interface PlannedImage {
  url: string;
  entry: string | null;
}

/** A file of the backup's Storage copy: restored byte for byte at the same path. */
export interface StoredObject {
  bucket: string;
  path: string;
  contentType: string;
  /** Its zip entry, read only when it is uploaded (memory does not grow with the archive). */
  entry: string;
}

export interface SettingValue {
  key: string;
  language: Language;
  value: string;
}

export interface ArchivePlan {
  source: ArchiveSource;
  /** The file's name as given. */
  fileName: string;
  posts: PlannedPost[];
  skipped: SkippedItem[];
  warnings: ArchiveWarning[];
  /** Every distinct image the posts refer to, in order of first use. */
  images: PlannedImage[];
  /** Backup only. */
  settings?: SettingValue[];
  storedObjects?: StoredObject[];
  /**
   * Backup only: the public address of the post-images bucket on the site that
   * wrote the backup (…/storage/v1/object/public/post-images/); the writer
   * replaces it with this site's own in posts and covers.
   */
  storageBase?: string;
  /** Substack: how many addresses its subscriber list holds (the newsletter issue takes them in). */
  subscribers?: number;
  /** Backup only: the confirmed subscribers, restored with the secrets of their unsubscribe links (issue 41). */
  backupSubscribers?: BackupSubscriber[];
  /** Backup only: her published work (clips.json: feeds, clips, copies as their rows), restored by clips_restore (issue 43). */
  backupClips?: BackupClips;
  /** Backup only: her fediverse accounts (fediverse.json: names, key pairs, followers, blocks, replies, posts told), restored by fediverse_restore (issue 45). */
  backupFediverse?: BackupFediverse;
  /** Reads a zip entry's bytes (images, stored objects); absent for a plain XML file. */
  readEntry?: (entry: string) => Uint8Array;
}

/** Why a file cannot be imported; `code` picks the message in the reader's language, `detail` says where. */
export type ArchiveErrorCode =
  | 'unknown_format'
  | 'malformed_xml'
  | 'malformed_csv'
  | 'malformed_zip'
  | 'zip_path'
  | 'zip_bomb'
  | 'too_large'
  | 'bad_backup'
  | 'empty';

export class ArchiveError extends Error {
  override name = 'ArchiveError';
  constructor(
    readonly code: ArchiveErrorCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** Limits of what one import may hold (a file past them is refused before it is read). */
export const ARCHIVE_LIMITS = {
  /**
   * The file itself: what Node's readFile can hold (2 GiB − 1), so a backup of
   * a site with thousands of pictures can come back. A browser tab may give
   * out sooner; the command line is the way for such archives.
   */
  maxFileBytes: 2 * 1024 * 1024 * 1024 - 1,
  /** All entries of a zip, unpacked. */
  maxUnpackedBytes: 4 * 1024 * 1024 * 1024,
  /** One entry, unpacked (it is unpacked into one buffer when it is read). */
  maxEntryBytes: 256 * 1024 * 1024,
  /** An entry may unpack to at most this many times its packed size (zip bombs reach thousands). */
  maxRatio: 200,
  maxEntries: 100_000,
} as const;

/** A version of a post that a save replaced (public.blog_post_revisions), as a backup carries it. */
export interface PostRevision {
  saved_at: string;
  replaced_at: string;
  title: string;
  excerpt: string | null;
  content: string | null;
  category: string | null;
  read_time: string;
  image_url: string | null;
  image_alt: string | null;
  slug: string;
  published: boolean;
  date: string;
}

/** A confirmed subscriber as a backup carries it (public.newsletter_backup_subscribers). */
export interface BackupSubscriber {
  email: string;
  languages: string[];
  source: string;
  created_at: string;
  confirmed_at: string;
  unsubscribe_token: string;
}

/** Her fediverse accounts as fediverse_backup() returns it: each part's rows as JSON (the private keys among them). */
export interface BackupFediverse {
  accounts: Record<string, unknown>[];
  keys: Record<string, unknown>[];
  followers: Record<string, unknown>[];
  blocks: Record<string, unknown>[];
  replies: Record<string, unknown>[];
  reactions: Record<string, unknown>[];
  posts: Record<string, unknown>[];
}

/** Her published work as clips_backup() returns it: each table's rows as JSON. */
export interface BackupClips {
  feeds: Record<string, unknown>[];
  clips: Record<string, unknown>[];
  copies: Record<string, unknown>[];
}
