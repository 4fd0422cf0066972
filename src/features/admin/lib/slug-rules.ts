/**
 * The rules of a post's address words (issue 23): the format of
 * src/lib/slug.ts, and unique within the language. The form checks the
 * format before sending; only the database can tell a taken one.
 */
import { isSlug } from '@/lib/slug';

export type SlugProblem = 'empty' | 'format' | 'taken';

/** What is wrong with a slug she typed, before sending it; null when nothing is. */
export function slugProblem(slug: string): SlugProblem | null {
  const words = slug.trim();
  if (!words) return 'empty';
  return isSlug(words) ? null : 'format';
}

/**
 * The database's refusal of a slug: 23514 with details 'slug_format', or
 * 23505 with details 'slug_taken' (or, when two writers race, the unique
 * constraint's own message). Anything else is not about the slug.
 */
export function slugErrorOf(error: unknown): SlugProblem | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as { code?: string; message?: string; details?: string };
  if (code === '23514' && details === 'slug_format') return 'format';
  if (code === '23505' && (details === 'slug_taken' || /blog_posts_language_slug_key/.test(message ?? ''))) return 'taken';
  return null;
}
