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

/**
 * The labels a server-rendered page printed, handed to the browser in its
 * state: hydrating the page reads them instead of building a formatter,
 * whose first use starts the browser's ICU and time zone data (~60 ms of one
 * task on a phone, issue 28). A date the server did not print (the next
 * page of cards, another language) is formatted as before.
 */
export type DateLabels = Record<string, string>;
const printed = new Map<string, string>();
let recording: DateLabels | undefined;

function format(iso: string, language: Language, month: 'long' | 'short'): string {
  const key = `${iso} ${language} ${month}`;
  const known = printed.get(key);
  if (known !== undefined) return known;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const formatterKey = `${language} ${month}`;
  let formatter = formatters.get(formatterKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE[language], { day: 'numeric', month, year: 'numeric', timeZone: SITE_TIME_ZONE });
    formatters.set(formatterKey, formatter);
  }
  const label = formatter.format(date);
  if (recording) recording[key] = label;
  return label;
}

/** Server side: runs a (synchronous) render and returns every date label it printed. */
export function recordDateLabels(render: () => void): DateLabels {
  const labels: DateLabels = {};
  recording = labels;
  try {
    render();
  } finally {
    recording = undefined;
  }
  return labels;
}

/** Browser side: the labels the server printed, used as they are while hydrating and after. */
export function adoptServerDateLabels(labels: DateLabels | undefined): void {
  for (const [key, label] of Object.entries(labels ?? {})) printed.set(key, label);
}

/** Spec §2: the post date in long format in the post's language ('15 de março de 2024', 'March 15, 2024'). */
export function formatLongDate(iso: string, language: Language): string {
  return format(iso, language, 'long');
}

/** Shorter form for the cards ('15 de mar. de 2024', 'Mar 15, 2024'). */
export function formatShortDate(iso: string, language: Language): string {
  return format(iso, language, 'short');
}
