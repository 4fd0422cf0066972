/**
 * A LIKE/ILIKE pattern for "contains these words", as her search boxes send
 * them to PostgREST: LIKE's own wildcards and escape, typed by her, mean
 * themselves (`100%` finds a percent sign, not everything after 100).
 */
export function containing(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
