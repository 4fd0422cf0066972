import { adminText } from '@/lib/i18n-admin';
import { postPath } from '@/lib/paths';
import type { StatsDay, StatsPage, StatsSource, SourceKind } from '../api/stats';

const t = adminText.stats;
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
// One decimal: "0,4%" says a small source exists where "0%" would hide it.
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
// The days are the site's (Brasília) calendar days as the database names them: read and shown as UTC dates, never shifted.
const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

/** 1234 → "1.234". */
export const formatCount = (n: number) => integer.format(n);

/** A share of a whole, "33,3%" (0 of nothing: "0%"). */
export const formatShare = (part: number, whole: number) => percent.format(whole > 0 ? part / whole : 0);

/** 'YYYY-MM-DD' as the moment its day starts in UTC: the chart's x and the labels' date. */
export const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** 'YYYY-MM-DD' → "05/11/2026". */
export const formatDay = (day: string) => dayFormat.format(dayTime(day));

const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const yearFormat = new Intl.DateTimeFormat('pt-BR', { year: 'numeric', timeZone: 'UTC' });

/** A chart tick, seconds since 1970 at a day's start (UTC) → "05/11"; "11/2026" when ticks are months apart, "2026" years apart. */
export const formatTick = (seconds: number, step = 86_400) =>
  (step >= 365 * 86_400 ? yearFormat : step >= 28 * 86_400 ? monthFormat : shortDayFormat).format(seconds * 1000);

export interface Totals {
  views: number;
  visitors: number;
}

/** The period's views and visitors (a reader who comes back another day counts on each day). */
export function totalsOf(days: readonly StatsDay[]): Totals {
  return days.reduce((sum, d) => ({ views: sum.views + d.views, visitors: sum.visitors + d.visitors }), { views: 0, visitors: 0 });
}

/** How a page of the list is named and where it links: a home page by its language, a post by its title, a deleted post as such. */
export function pageLabel(page: StatsPage): { name: string; href: string | null } {
  if (page.page === '/pt' || page.page === '/en') return { name: t.home[page.page === '/pt' ? 'pt' : 'en'], href: page.page };
  if (page.title === null || page.slug === null) return { name: t.deletedPost, href: null };
  return { name: page.title, href: postPath({ language: page.language, slug: page.slug }) };
}

const NAMES: Record<SourceKind, Record<string, string>> = {
  referrer: t.referrerNames,
  language: t.languageNames,
  device: t.deviceNames,
};

/** A source's name in her words: "Direto", "Newsletter", "Português", "Computador"; a referring host as it is. */
export const sourceLabel = (source: Pick<StatsSource, 'kind' | 'value'>) => NAMES[source.kind][source.value] ?? source.value;

/** The rows of one kind, most viewed first as the database ordered them. */
export const sourcesOf = (sources: readonly StatsSource[], kind: SourceKind) => sources.filter((s) => s.kind === kind);
