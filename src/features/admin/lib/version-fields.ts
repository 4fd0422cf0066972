import { adminText } from '@/lib/i18n-admin';
import type { BlogPost } from '../api/get-admin-posts';
import type { Revision } from '../api/post-history';
import { postStatus } from './post-status';
import { formatScheduledTime } from './site-time';

/** The fields a version has beyond its text, as "Histórico" names them. */
export type VersionFields = Pick<
  Revision & BlogPost,
  'title' | 'excerpt' | 'category' | 'read_time' | 'image_url' | 'image_alt' | 'slug' | 'published' | 'date'
>;

type FieldName = keyof typeof adminText.history.fields;

export interface FieldDifference {
  field: FieldName;
  before: string;
  after: string;
}

const t = adminText.history;

/** A version's publication in words: a draft, published (with its date) or scheduled (for when). */
export function publicationOf(version: Pick<VersionFields, 'published' | 'date'>, now = Date.now()): string {
  const status = postStatus(version, now);
  if (status === 'draft') return t.statusDraft;
  const when = formatScheduledTime(version.date);
  return status === 'scheduled' ? t.statusScheduled(when) : t.statusPublished(when);
}

const shown = (value: string | null) => (value === null || value.trim() === '' ? t.emptyValue : value);

/**
 * The fields other than the text that differ between a version and the
 * current post, in the order of the form; the publication counts as one
 * (status and date).
 */
export function otherFieldDifferences(before: VersionFields, after: VersionFields, now = Date.now()): FieldDifference[] {
  const differences: FieldDifference[] = [];
  for (const field of ['title', 'excerpt', 'category', 'read_time', 'image_url', 'image_alt', 'slug'] as const) {
    if ((before[field] ?? '') !== (after[field] ?? '')) differences.push({ field, before: shown(before[field]), after: shown(after[field]) });
  }
  if (before.published !== after.published || Date.parse(before.date) !== Date.parse(after.date)) {
    differences.push({ field: 'publication', before: publicationOf(before, now), after: publicationOf(after, now) });
  }
  return differences;
}
