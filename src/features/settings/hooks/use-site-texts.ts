import { useMemo } from 'react';
import type { Language } from '@/lib/language';
import { useSettings } from '../api/get-settings';
import { resolveSiteTexts } from '../lib/site-texts';
import { useSettling } from './use-settling';

export type { ContactLink, SiteTexts } from '../lib/site-texts';

/**
 * The site texts of one language, with the built-in text for whatever is
 * empty, missing, or when the settings call failed. A failed call is not worth
 * a toast: the page reads well with the built-in texts.
 */
export function useSiteTexts(language: Language) {
  const { data, isPending } = useSettings(language);
  const settling = useSettling(isPending);
  return useMemo(() => ({ ...resolveSiteTexts(data, language), settling }), [data, settling, language]);
}
