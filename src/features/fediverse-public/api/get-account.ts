import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import { fediverseKeys } from './keys';

/** Her account of a language as readers write it: @handle@host. */
export interface FediverseAddress {
  handle: string;
  host: string;
  address: string;
}

/**
 * Her account of `language` on `host` (the site's: WebFinger answers there).
 * Null when it cannot be read: the line that shows it is an extra, and a
 * page must not fail for it (a database without the fediverse's tables, a
 * moment's refusal).
 */
export async function getFediverseAddress(db: PublicDb, language: Language, host: string): Promise<FediverseAddress | null> {
  const { data, error } = await db.from('fediverse_accounts').select('handle').eq('language', language).maybeSingle();
  if (error || !data) return null;
  return { handle: data.handle, host, address: `@${data.handle}@${host}` };
}

/**
 * `host`: the server renderer passes its site's (SITE_URL, or the request's);
 * the browser uses the address it is at. The host is in the data, not the
 * key, so the page hydrates with the server's words.
 */
export const fediverseAddressQueryOptions = (db: PublicDb, language: Language, host?: string) =>
  queryOptions({
    queryKey: fediverseKeys.account(language),
    queryFn: () => getFediverseAddress(db, language, host ?? window.location.host),
  });

export function useFediverseAddress(language: Language) {
  return useQuery(fediverseAddressQueryOptions(usePublicDb(), language));
}
