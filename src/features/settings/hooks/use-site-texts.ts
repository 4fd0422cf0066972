import { useMemo } from 'react';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import {
  CONTACT_SETTING_KEYS,
  TEXT_SETTING_KEYS,
  type ContactSettingKey,
  type TextSettingKey,
} from '@/lib/setting-keys';
import { useSettings, type SiteSetting } from '../api/get-settings';
import { useSettling } from './use-settling';

export type SiteTexts = Record<TextSettingKey, string>;
export interface ContactLink {
  key: ContactSettingKey;
  url: string;
}

const SAFE_URL = /^(https?:\/\/|mailto:|tel:)/i;

function valueOf(rows: SiteSetting[] | undefined, key: string): string {
  return rows?.find((row) => row.key === key)?.value.trim() ?? '';
}

/**
 * The site texts of one language: the stored value, or the built-in text when
 * the value is empty, missing, or the settings call failed (spec §2). A failed
 * call is not worth a toast: the page reads well with the built-in texts.
 */
export function useSiteTexts(language: Language) {
  const { data, isPending } = useSettings(language);
  const settling = useSettling(isPending);
  return useMemo(() => {
    const defaults = t(language).defaults;
    const texts = Object.fromEntries(
      TEXT_SETTING_KEYS.map((key) => [key, valueOf(data, key) || defaults[key]]),
    ) as SiteTexts;
    // Contact targets have no fallback: an empty one hides its link. Only web,
    // mail and phone links pass, so a stray 'javascript:' value can never run.
    const contactLinks: ContactLink[] = CONTACT_SETTING_KEYS.map((key) => ({ key, url: valueOf(data, key) })).filter(
      (link) => SAFE_URL.test(link.url),
    );
    return { texts, contactLinks, settling };
  }, [data, settling, language]);
}
