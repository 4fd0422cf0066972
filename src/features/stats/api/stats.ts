import { supabase } from '@/lib/supabase';
import { refusal } from './stats-error';

/** Views and visitors of one day ('YYYY-MM-DD', the site's day in Brasília). */
export interface StatsDay {
  day: string;
  views: number;
  visitors: number;
}

/** A page of the most read: a home page ('/pt', '/en') or a post (its id; title null once deleted). */
export interface StatsPage {
  page: string;
  postId: string | null;
  title: string | null;
  language: string;
  slug: string | null;
  views: number;
  visitors: number;
}

export type SourceKind = 'referrer' | 'language' | 'device';

export interface StatsSource {
  kind: SourceKind;
  value: string;
  views: number;
  visitors: number;
}

/** The periods she may choose; 30 days first shown. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;
/** How many of the most read pages the tab lists. */
export const TOP_PAGES = 10;

// bigint columns: Number() whatever the wire gave (a JSON number from PostgREST, text from a driver that keeps 64 bits).
const toDays = (rows: { day: string; views: number; visitors: number }[]): StatsDay[] =>
  rows.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) }));

/** stats_days: the site's views and visitors on each of the last `days` days, oldest first, today last. */
export async function getStatsDays(days: number): Promise<StatsDay[]> {
  const answer = await supabase.rpc('stats_days', { days });
  if (answer.error) throw refusal(answer);
  return toDays(answer.data);
}

/** stats_pages: the most read pages of the last `days` days, most viewed first. */
export async function getStatsPages(days: number, max = TOP_PAGES): Promise<StatsPage[]> {
  const answer = await supabase.rpc('stats_pages', { days, max });
  if (answer.error) throw refusal(answer);
  return answer.data.map((row) => ({
    page: row.page,
    postId: row.post_id,
    title: row.title,
    language: row.language,
    slug: row.slug,
    views: Number(row.views),
    visitors: Number(row.visitors),
  }));
}

/** stats_sources: views by referrer, language and device over the last `days` days; of one post when `post` is given. */
export async function getStatsSources(days: number, post?: string): Promise<StatsSource[]> {
  const answer = await supabase.rpc('stats_sources', post ? { days, post } : { days });
  if (answer.error) throw refusal(answer);
  return answer.data.map((row) => ({
    kind: row.kind as SourceKind,
    value: row.value,
    views: Number(row.views),
    visitors: Number(row.visitors),
  }));
}

/** stats_post_days: one post's views and visitors on each day from its publication to today. */
export async function getPostDays(post: string): Promise<StatsDay[]> {
  const answer = await supabase.rpc('stats_post_days', { post });
  if (answer.error) throw refusal(answer);
  return toDays(answer.data);
}
