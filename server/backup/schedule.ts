/**
 * When the daily backup is due, in the site's time zone (src/lib/dates.ts
 * SITE_TIME_ZONE) on the site's clock (public.site_now(), which tests move
 * with private.site_clock.skew, decision 190). Pure functions of instants.
 */
import { TZDateMini } from '@date-fns/tz';
import { SITE_TIME_ZONE } from '../../src/lib/dates.ts';

export interface TimeOfDay {
  hour: number;
  minute: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function wall(instant: Date) {
  return new TZDateMini(+instant, SITE_TIME_ZONE);
}

function atOn(year: number, month: number, day: number, at: TimeOfDay): Date {
  return new Date(+new TZDateMini(year, month, day, at.hour, at.minute, SITE_TIME_ZONE));
}

/** The last instant at or before `now` when the site's clocks showed `at`. */
export function slotAtOrBefore(now: Date, at: TimeOfDay): Date {
  const w = wall(now);
  const today = atOn(w.getFullYear(), w.getMonth(), w.getDate(), at);
  if (+today <= +now) return today;
  return atOn(w.getFullYear(), w.getMonth(), w.getDate() - 1, at);
}

/** The first instant after `now` when the site's clocks show `at`. */
export function slotAfter(now: Date, at: TimeOfDay): Date {
  const w = wall(now);
  const today = atOn(w.getFullYear(), w.getMonth(), w.getDate(), at);
  if (+today > +now) return today;
  return atOn(w.getFullYear(), w.getMonth(), w.getDate() + 1, at);
}

/** yyyy-mm-dd of the site's calendar. */
export function siteDay(instant: Date): string {
  const w = wall(instant);
  return `${w.getFullYear()}-${pad(w.getMonth() + 1)}-${pad(w.getDate())}`;
}

/** yyyy-mm of the site's calendar. */
export function siteMonth(instant: Date): string {
  return siteDay(instant).slice(0, 7);
}

/** The ISO week (Monday first) of the site's calendar, as yyyy-Www. */
export function siteWeek(instant: Date): string {
  const [y, m, d] = siteDay(instant).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((+date - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${pad(week)}`;
}
