import { formatLongDate } from '@/lib/dates';
import type { Language } from '@/lib/language';

/**
 * A clip's date is a day, not an instant: read at noon UTC it is the same day
 * in the site's time zone (São Paulo, UTC−3), which formats it; at midnight
 * UTC it would print the day before.
 */
export const clipDateTime = (day: string) => `${day}T12:00:00Z`;

/** '15 de março de 2024' / 'March 15, 2024'. */
export const formatClipDate = (day: string, language: Language) => formatLongDate(clipDateTime(day), language);
