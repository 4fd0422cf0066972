import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { publicDb } from '@/lib/public-db';
import type { Tables } from '@/types/database.types';
import { settingsKeys } from './keys';

export type SiteSetting = Tables<'site_settings'>;

/** Spec §7: site_settings where language equals the chosen one, ordered by key. */
export async function getSettings(language: Language): Promise<SiteSetting[]> {
  const { data, error } = await publicDb.from('site_settings').select('*').eq('language', language).order('key');
  if (error) throw error;
  return data;
}

export const settingsQueryOptions = (language: Language) =>
  queryOptions({ queryKey: settingsKeys.byLanguage(language), queryFn: () => getSettings(language) });

export function useSettings(language: Language) {
  return useQuery(settingsQueryOptions(language));
}
