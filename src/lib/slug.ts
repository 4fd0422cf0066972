/**
 * What a post's slug may be (issue 23; the database's rule, migration
 * 20261124100000_permalinks_and_schedule): lower-case a–z and 0–9 in words
 * joined by single hyphens, at most 80 characters. Anything else can never be
 * a post's address, so it is answered "not found" without a read, and no slug
 * can be `rss.xml` or any other file beside the posts under /pt and /en.
 */
export const SLUG_MAX_LENGTH = 80;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG.test(value);
}
