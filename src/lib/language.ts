export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

export function isLanguage(value: unknown): value is Language {
  return value === 'pt' || value === 'en';
}

/** Spec §2: Portuguese when the path is / or /pt, otherwise English. */
export function languageFromPath(pathname: string): Language {
  return pathname === '/' || pathname === '/pt' || pathname.startsWith('/pt/') ? 'pt' : 'en';
}

/** BCP 47 tag for dates and <html lang>. */
export const LOCALE: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' };

/** hreflang values of the alternate links and sitemap entries. */
export const HREFLANG: Record<Language, string> = { pt: 'pt-BR', en: 'en' };

/** Open Graph locales (og:locale). */
export const OG_LOCALE: Record<Language, string> = { pt: 'pt_BR', en: 'en_US' };

/** The other language of the site. */
export function otherLanguage(language: Language): Language {
  return language === 'pt' ? 'en' : 'pt';
}
