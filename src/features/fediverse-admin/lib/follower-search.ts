import { containing } from '@/lib/like-pattern';

/** The columns her search looks in: what the list shows of a follower (the address holds the server). */
const SEARCHED = ['handle', 'name', 'actor_id'] as const;

/**
 * The or= filter of a search: the handle, name or address contains `words`,
 * the pattern quoted with PostgREST's escapes (a comma or a parenthesis in
 * it would end the term).
 */
export function followerSearch(words: string): string {
  const quoted = `"${containing(words).replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return SEARCHED.map((column) => `${column}.ilike.${quoted}`).join(',');
}
