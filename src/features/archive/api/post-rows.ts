import { CATEGORIES } from '../../../lib/categories';
import type { Language } from '../../../lib/language';
import type { PlannedPost } from '../lib/plan';
import { readTimeOf } from '../lib/post-text';
import { replaceAddresses } from './archive-images';

/** Index of "Outros"/"Others" in the parallel category lists. */
export const DEFAULT_CATEGORY_INDEX = 3;

/** A row for public.import_posts (migration 20261124120000_archive_import.sql). */
export interface ImportRow {
  id?: string;
  title: string;
  excerpt: string | null;
  content: string;
  category: string | null;
  language: Language;
  date: string;
  published: boolean;
  read_time: string;
  image_url: string | null;
  image_alt: string | null;
  slug: string | null;
  origin_source: string | null;
  origin_id: string | null;
  origin_url: string | null;
  old_slugs?: string[];
  translation_group?: string | null;
  translation_outdated?: boolean;
  created_at?: string;
  updated_at?: string;
}

/** The site category for a post: the first of its source categories she mapped to something else than "Outros", else "Outros". */
export function mappedCategory(post: PlannedPost, language: Language, categoryMap: Record<string, number>): string {
  const index = post.sourceCategories.map((name) => categoryMap[name] ?? DEFAULT_CATEGORY_INDEX).find((i) => i !== DEFAULT_CATEGORY_INDEX);
  return CATEGORIES[language][index ?? DEFAULT_CATEGORY_INDEX] ?? CATEGORIES[language][DEFAULT_CATEGORY_INDEX];
}

export function importRow(
  post: PlannedPost,
  options: { language: Language; categoryMap: Record<string, number> },
  addresses: ReadonlyMap<string, string>,
): ImportRow {
  const language = post.language ?? options.language;
  const content = replaceAddresses(post.content, addresses);
  const fromBackup = post.id !== undefined;
  const row: ImportRow = {
    title: post.title,
    excerpt: post.excerpt,
    content,
    category: post.category !== undefined ? post.category : mappedCategory(post, language, options.categoryMap),
    language,
    date: post.date,
    published: post.status !== 'draft',
    read_time: post.readTime ?? readTimeOf(content),
    image_url: post.imageUrl === null ? null : replaceAddresses(post.imageUrl, addresses),
    image_alt: post.imageAlt,
    slug: post.slug,
    // a backup's own posts had no origin: only imported ones carry one.
    origin_source: post.origin.source === 'backup' ? null : post.origin.source,
    origin_id: post.origin.source === 'backup' ? null : post.origin.id,
    origin_url: post.origin.source === 'backup' ? null : post.origin.url,
  };
  if (fromBackup) {
    row.id = post.id;
    row.old_slugs = post.oldSlugs ?? [];
    row.translation_group = post.translationGroup ?? null;
    if (post.translationOutdated !== undefined) row.translation_outdated = post.translationOutdated;
    if (post.createdAt) row.created_at = post.createdAt;
    if (post.updatedAt) row.updated_at = post.updatedAt;
  } else if (post.status === 'published') {
    // an archived post's last change is its publication, not the day of the import;
    // a scheduled one is written now, before its date, so it goes out at its time.
    row.updated_at = post.date;
  }
  return row;
}

/**
 * Rows in batches of about `size`, never parting a translation pair: the
 * database resets a pair's "outdated" flags when the second post joins, so
 * both must be written, and their flags set, in one call.
 */
export function batchesOf(rows: ImportRow[], size: number): ImportRow[][] {
  const groups = new Map<string, ImportRow[]>();
  const units: ImportRow[][] = [];
  for (const row of rows) {
    if (!row.translation_group) {
      units.push([row]);
      continue;
    }
    let unit = groups.get(row.translation_group);
    if (!unit) {
      unit = [];
      groups.set(row.translation_group, unit);
      units.push(unit);
    }
    unit.push(row);
  }
  const batches: ImportRow[][] = [];
  let current: ImportRow[] = [];
  for (const unit of units) {
    if (current.length && current.length + unit.length > size) {
      batches.push(current);
      current = [];
    }
    current.push(...unit);
  }
  if (current.length) batches.push(current);
  return batches;
}
