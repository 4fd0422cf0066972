import { LOCALE, type Language } from './language';

/**
 * The site's own time zone: a post's date is the day it was published where
 * she works, for every reader, as a newspaper prints it. Fixed (not the
 * reader's zone) so the server-rendered page and the browser's hydration
 * print the same day, and a 23:30 post does not move to the next day abroad.
 */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

function format(iso: string, language: Language, month: 'long' | 'short'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(LOCALE[language], { day: 'numeric', month, year: 'numeric', timeZone: SITE_TIME_ZONE });
}

/** Spec §2: the post date in long format in the post's language ('15 de março de 2024', 'March 15, 2024'). */
export function formatLongDate(iso: string, language: Language): string {
  return format(iso, language, 'long');
}

/** Shorter form for the cards ('15 de mar. de 2024', 'Mar 15, 2024'). */
export function formatShortDate(iso: string, language: Language): string {
  return format(iso, language, 'short');
}
