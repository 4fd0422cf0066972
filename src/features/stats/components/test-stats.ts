import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { pgrstError } from '@/testing/handlers/postgrest';
import { server } from '@/testing/server';
import { renderAdmin } from '../../admin/test-utils';
import type { StatsDay, StatsSource } from '../api/stats';

/** A stats_pages row as the database answers it (snake case, nulls for a home page or a deleted post). */
export interface PageRow {
  page: string;
  post_id: string | null;
  title: string | null;
  language: string;
  slug: string | null;
  views: number;
  visitors: number;
}

/** `n` consecutive days ending on 2026-11-25, oldest first, the figures `figure(i)` gives each. */
export function daysEnding(n: number, figure: (i: number) => [number, number] = () => [0, 0]): StatsDay[] {
  const last = Date.UTC(2026, 10, 25);
  return Array.from({ length: n }, (_, i) => {
    const [views, visitors] = figure(i);
    return { day: new Date(last - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10), views, visitors };
  });
}

export interface StatsState {
  /** The site's last 90 days; stats_days(n) answers the last n of them. */
  days: StatsDay[];
  /** What stats_pages and stats_sources answer for each period. */
  pages: Record<number, PageRow[]>;
  sources: Record<number, StatsSource[]>;
  /** A post's days since publication, and its sources, by post id. */
  postDays: Record<string, StatsDay[]>;
  postSources: Record<string, StatsSource[]>;
}

/**
 * The statistics functions behind msw, answering from `state` as the
 * database would (bigints as strings, as a driver that keeps 64 bits may
 * send them); `calls` records each call's arguments.
 */
export function serveStats(initial: Partial<StatsState> = {}) {
  const state: StatsState = { days: daysEnding(90), pages: {}, sources: {}, postDays: {}, postSources: {}, ...initial };
  const calls = { days: [] as number[], pages: [] as { days: number; max: number }[], sources: [] as { days: number; post?: string }[], postDays: [] as string[] };
  const wire = <T extends { views: number; visitors: number }>(rows: T[]) => rows.map((r) => ({ ...r, views: String(r.views), visitors: String(r.visitors) }));
  server.use(
    http.post(restUrl('rpc/stats_days'), async ({ request }) => {
      const { days } = (await request.json()) as { days: number };
      calls.days.push(days);
      return HttpResponse.json(wire(state.days.slice(-days)));
    }),
    http.post(restUrl('rpc/stats_pages'), async ({ request }) => {
      const args = (await request.json()) as { days: number; max: number };
      calls.pages.push(args);
      return HttpResponse.json(wire(state.pages[args.days] ?? []));
    }),
    http.post(restUrl('rpc/stats_sources'), async ({ request }) => {
      const args = (await request.json()) as { days: number; post?: string };
      calls.sources.push(args);
      return HttpResponse.json(wire(args.post ? (state.postSources[args.post] ?? []) : (state.sources[args.days] ?? [])));
    }),
    http.post(restUrl('rpc/stats_post_days'), async ({ request }) => {
      const { post } = (await request.json()) as { post: string };
      calls.postDays.push(post);
      return HttpResponse.json(wire(state.postDays[post] ?? []));
    }),
  );
  return { state, calls };
}

/** The database refusing `rpc/<name>` with this status, code and message. */
export function refuseStats(name: string, status: number, code: string, message: string) {
  server.use(http.post(restUrl(`rpc/${name}`), () => pgrstError(status, { code, message })));
}

/** /admin signed in, on the "Estatísticas" tab (loaded lazily, as in the browser). */
export async function renderStatsTab() {
  const app = await renderAdmin();
  await app.user.click(screen.getByRole('tab', { name: 'Estatísticas' }));
  await screen.findByRole('heading', { name: 'Estatísticas de leitura' });
  return app;
}
