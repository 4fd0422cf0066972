import { LOCALE, type Language } from './language';

/** Spec §2: the post date in long format in the post's language ('15 de março de 2024', 'March 15, 2024'). */
export function formatLongDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Shorter form for the cards ('15 de mar. de 2024', 'Mar 15, 2024'). */
export function formatShortDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(LOCALE[language], { day: 'numeric', month: 'short', year: 'numeric' });
}
