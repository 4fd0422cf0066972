/**
 * Paging by one row of lookahead: ask for a page and one row more, so the
 * answer tells whether another page follows without a count (the public
 * listing and the admin list).
 */

/** The inclusive row range (`.range(from, to)`) of page `index` (0-based) of `size` rows, plus one. */
export function lookaheadRange(index: number, size: number): [from: number, to: number] {
  const from = index * size;
  return [from, from + size];
}

/** The page's rows, and whether the extra row says another page follows. */
export function splitLookahead<T>(rows: T[], size: number): { posts: T[]; hasMore: boolean } {
  return { posts: rows.slice(0, size), hasMore: rows.length > size };
}
