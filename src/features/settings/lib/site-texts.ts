import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import {
  CONTACT_SETTING_KEYS,
  TEXT_SETTING_KEYS,
  type ContactSettingKey,
  type TextSettingKey,
} from '@/lib/setting-keys';
import type { SiteSetting } from '../api/get-settings';

export type SiteTexts = Record<TextSettingKey, string>;
export interface ContactLink {
  key: ContactSettingKey;
  url: string;
}

const SAFE_URL = /^(https?:\/\/|mailto:|tel:)/i;

function valueOf(rows: readonly SiteSetting[] | undefined, key: string): string {
  return rows?.find((row) => row.key === key)?.value.trim() ?? '';
}

/**
 * The site texts of one language: the stored value, or the built-in text when
 * the value is empty, missing, or the settings are unknown (spec §2). Pure, so
 * the page and the server's page head read the same texts.
 */
export function resolveSiteTexts(rows: readonly SiteSetting[] | undefined, language: Language) {
  const defaults = t(language).defaults;
  const texts = Object.fromEntries(TEXT_SETTING_KEYS.map((key) => [key, valueOf(rows, key) || defaults[key]])) as SiteTexts;
  // Contact targets have no fallback: an empty one hides its link. Only web,
  // mail and phone links pass, so a stray 'javascript:' value can never run.
  const contactLinks: ContactLink[] = CONTACT_SETTING_KEYS.map((key) => ({ key, url: valueOf(rows, key) })).filter(
    (link) => SAFE_URL.test(link.url),
  );
  return { texts, contactLinks };
}
