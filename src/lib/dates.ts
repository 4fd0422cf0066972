import { LOCALE, type Language } from './language';

/**
 * The site's own time zone: a post's date is the day it was published where
 * she works, for every reader, as a newspaper prints it. Fixed (not the
 * reader's zone) so the server-rendered page and the browser's hydration
 * print the same day, and a 23:30 post does not move to the next day abroad.
 */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

// Building a formatter (locale data, time zone rules) costs far more than
// using one: a page of cards would spend most of its hydration here.
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(iso: string, language: Language, month: 'long' | 'short'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${language} ${month}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE[language], { day: 'numeric', month, year: 'numeric', timeZone: SITE_TIME_ZONE });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/**
 * Builds the formatters now. The first one of a page starts the browser's
 * ICU (~30 ms on a fast machine, 4× that on a slow phone); done in a task of
 * its own before hydrating, it is not part of one long task with it.
 */
export function prepareDateFormats(): void {
  for (const language of ['pt', 'en'] as const) {
    formatShortDate(new Date(0).toISOString(), language);
    formatLongDate(new Date(0).toISOString(), language);
  }
}

/** Spec §2: the post date in long format in the post's language ('15 de março de 2024', 'March 15, 2024'). */
export function formatLongDate(iso: string, language: Language): string {
  return format(iso, language, 'long');
}

/** Shorter form for the cards ('15 de mar. de 2024', 'Mar 15, 2024'). */
export function formatShortDate(iso: string, language: Language): string {
  return format(iso, language, 'short');
}
