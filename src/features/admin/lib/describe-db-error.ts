/** The kinds of refusal the admin's issue-26 sections tell apart, each said in her words by the caller. */
export type DbRefusal = 'invalid' | 'gone' | 'rights' | 'check' | 'network' | 'other';

/**
 * What went wrong with a request to the database: PostgREST's and
 * Postgres's codes (22023 a parameter out of range, P0002 no such row,
 * 42501 / PGRST301 no right or no session, 23514 a check constraint), or no
 * answer at all (supabase-js reports a failed fetch as a message).
 */
export function dbRefusal(error: unknown): DbRefusal {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === '22023') return 'invalid';
  if (code === 'P0002' || code === '23503') return 'gone';
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST303') return 'rights';
  if (code === '23514') return 'check';
  if (/fetch|network/i.test(message ?? '')) return 'network';
  return 'other';
}
