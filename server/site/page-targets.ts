/**
 * Which page an address leads to, remembered per renderer. Working it out
 * matches the path against every route of the app (react-router flattens and
 * compiles the whole table on each call): about a tenth of the server's time
 * for a kept page read by a crowd, which is the same address again and again
 * (issue 42). The answer depends on the address alone. Private targets (a
 * search, a review link's token) are never kept; the memory is emptied when
 * it holds MAX_KEPT addresses, so random addresses cannot grow it.
 */
import type { PageTarget, SiteRenderer } from '../../src/app/ssr/site-renderer.ts';

const MAX_KEPT = 2_000;
const kept = new WeakMap<SiteRenderer, Map<string, PageTarget>>();

export function targetOf(site: SiteRenderer, pathAndQuery: string): PageTarget {
  let targets = kept.get(site);
  if (!targets) kept.set(site, (targets = new Map()));
  const known = targets.get(pathAndQuery);
  if (known) return known;
  const target = site.target(pathAndQuery);
  if (target.kind === 'private') return target;
  if (targets.size >= MAX_KEPT) targets.clear();
  targets.set(pathAndQuery, target);
  return target;
}
