import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { DateLabels } from '@/lib/dates';

/**
 * What a server-rendered page hands to the browser, in
 * <script id="ssr-state" type="application/json"> (data, not code: the
 * content security policy allows no inline script).
 */
export const SSR_STATE_ID = 'ssr-state';

export interface SsrState {
  /**
   * The route the markup was rendered for, and its params: the browser hydrates only the same page.
   * First in the JSON: src/app/boot.js reads it there to know a home or a post (it waits for the reader).
   */
  routeId: string;
  params: Record<string, string>;
  /** React Query's cache as the server filled it, so the first render needs no request. */
  queries: DehydratedState;
  /**
   * True when the server checked, as it sent the page, that the data is the
   * database's current data (the local backend), so the browser need not
   * fetch it again; false for a static export, whose data may be days old:
   * the page shows it at once and refreshes it in the background.
   */
  live: boolean;
  /** The dates as the page prints them (src/lib/dates.ts): hydrating needs no date formatter. */
  dates?: DateLabels;
}

export function readSsrState(doc: Document = document): SsrState | undefined {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return undefined;
  }
}

/**
 * The deepest route of a location and its params, as the server identified
 * its page. The catch-all's '*' is not a param of the page: every unknown
 * path shows the same 404 page.
 */
export function leafMatch(routes: RouteObject[], location: { pathname: string }) {
  const matches = matchRoutes(routes, location) ?? [];
  const leaf = matches[matches.length - 1];
  const { '*': _path, ...params } = (leaf?.params ?? {}) as Record<string, string>;
  return { matches, routeId: leaf?.route.id, params };
}

/** Whether the markup in the page is this location's page (a static host may serve 404.html for other paths). */
export function isSamePage(state: SsrState, routes: RouteObject[], location: { pathname: string }): boolean {
  const { routeId, params } = leafMatch(routes, location);
  return routeId === state.routeId && JSON.stringify(params) === JSON.stringify(state.params);
}

/**
 * Puts the server's data into the browser's cache. Data of a live server was
 * current when the page left it, so it counts as fetched now: no request
 * repeats it right after load.
 */
export function hydrateQueries(queryClient: QueryClient, state: SsrState, now = Date.now()): void {
  const queries = state.live
    ? state.queries.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } }))
    : state.queries.queries;
  hydrate(queryClient, { ...state.queries, queries });
}

/**
 * Loads the lazy route modules of a location before hydrating, so the first
 * render is the page the server rendered, not a loading fallback.
 */
export async function loadLazyRoutes(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const { matches } = leafMatch(routes, location);
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
