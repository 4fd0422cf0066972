import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import type { Tables } from '@/types/database.types';
import { settingsKeys } from './keys';

export type SiteSetting = Tables<'site_settings'>;

/** Spec §7: site_settings where language equals the chosen one, ordered by key. */
export async function getSettings(db: PublicDb, language: Language): Promise<SiteSetting[]> {
  const { data, error } = await db.from('site_settings').select('*').eq('language', language).order('key');
  if (error) throw error;
  return data;
}

export const settingsQueryOptions = (db: PublicDb, language: Language) =>
  queryOptions({ queryKey: settingsKeys.byLanguage(language), queryFn: () => getSettings(db, language) });

export function useSettings(language: Language) {
  return useQuery(settingsQueryOptions(usePublicDb(), language));
}
