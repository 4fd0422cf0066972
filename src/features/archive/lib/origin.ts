/**
 * Where a post came from, as blog_posts.origin_source says: null for a post
 * written here, 'demo' for the example posts a new install starts with (they
 * are hers to rewrite and send like her own), else the platform it was
 * imported from (its readers saw it there: it never goes by email).
 */
export const DEMO_ORIGIN = 'demo';

export function isImportedOrigin(originSource: string | null): boolean {
  return originSource !== null && originSource !== DEMO_ORIGIN;
}
