import { TZDateMini } from '@date-fns/tz';
import { SITE_TIME_ZONE } from '@/lib/dates';
import { LOCALE } from '@/lib/language';

/**
 * A scheduled post's time as she types and reads it: a date and a time on
 * the clocks of Brasília (the site's time zone), whatever the zone of the
 * computer she writes on. The database stores the instant (UTC).
 */
export interface WallTime {
  /** yyyy-mm-dd, as <input type="date"> holds it. */
  date: string;
  /** HH:MM (24 h), as <input type="time"> holds it. */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant a Brasília date and time name; null when either is missing or malformed. */
export function wallTimeToInstant({ date, time }: WallTime): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hours, minutes] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59) return null;
  const instant = new Date(+new TZDateMini(year, month - 1, day, hours, minutes, SITE_TIME_ZONE));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The Brasília date and time of an instant (minutes; seconds dropped). */
export function instantToWallTime(instant: Date | string): WallTime {
  const wall = new TZDateMini(+new Date(instant), SITE_TIME_ZONE);
  return {
    date: `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`,
    time: `${pad(wall.getHours())}:${pad(wall.getMinutes())}`,
  };
}

/** What "Agendar" offers first: tomorrow at 08:00 in Brasília, the morning slot newsrooms publish in. */
export function defaultScheduleTime(now = new Date()): WallTime {
  const today = new TZDateMini(+now, SITE_TIME_ZONE);
  const tomorrow = new TZDateMini(today.getFullYear(), today.getMonth(), today.getDate() + 1, 8, 0, SITE_TIME_ZONE);
  return instantToWallTime(new Date(+tomorrow));
}

const dayFormat = new Intl.DateTimeFormat(LOCALE.pt, { day: 'numeric', month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat(LOCALE.pt, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: SITE_TIME_ZONE });

/** '25 de novembro de 2026, 08:00': day, month name, year, comma, 24-hour time, in Brasília. */
export function formatScheduledTime(instant: Date | string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return `${dayFormat.format(date)}, ${timeFormat.format(date)}`;
}
