/**
 * The check of every clip's address (weekly on its own, `npm run clips --
 * check` for one pass now): 404 or 410, a host that no longer resolves, or a
 * redirect to the outlet's home page count as a failure; two failures a day
 * apart mark the clip 'dead' ("Original fora do ar"; public.clip_link_checked
 * decides by the site's clock). A host that asks to wait (429/503), a
 * timeout or a refused connection say nothing about the piece: not counted.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PublicFetchError } from '../outbound/public-fetch.ts';
import type { ClipsFetch } from './fetch.ts';

export type LinkVerdict = { ok: true } | { ok: false; reason: string } | { ok: null };

const isHome = (url: URL) => url.pathname === '/' || url.pathname === '' || /^\/(index\.html?|home|pt|en|pt-br)\/?$/i.test(url.pathname);

export async function checkLink(fetch: ClipsFetch, address: string): Promise<LinkVerdict> {
  try {
    const response = await fetch.page(address);
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return { ok: false, reason: `O original respondeu ${response.status}.` };
    const final = new URL(response.url || address);
    if (!isHome(new URL(address)) && isHome(final)) return { ok: false, reason: 'O original agora leva à página inicial do veículo.' };
    return response.ok ? { ok: true } : { ok: null };
  } catch (error) {
    if (error instanceof PublicFetchError && error.code === 'not_found') return { ok: false, reason: 'O endereço do veículo não existe mais.' };
    // type: the page answered, with something else than a page; that is alive.
    if (error instanceof PublicFetchError && error.code === 'type') return { ok: true };
    return { ok: null };
  }
}

export interface LinkCheckSummary {
  checked: number;
  ok: number;
  failing: number;
  dead: number;
  skipped: number;
}

export async function runLinkCheck(client: SupabaseClient, fetch: ClipsFetch, every: boolean): Promise<LinkCheckSummary> {
  const summary: LinkCheckSummary = { checked: 0, ok: 0, failing: 0, dead: 0, skipped: 0 };
  const { data, error } = await client.rpc('clip_links_due', { every_clip: every, max_clips: 10_000 });
  if (error) throw new Error(error.message);
  for (const clip of (data ?? []) as { id: string; url: string }[]) {
    const verdict = await checkLink(fetch, clip.url);
    if (verdict.ok === null) {
      summary.skipped++;
      continue;
    }
    const recorded = await client.rpc('clip_link_checked', { clip_id: clip.id, ok: verdict.ok, reason: verdict.ok ? null : verdict.reason });
    if (recorded.error) throw new Error(recorded.error.message);
    summary.checked++;
    const status = String(recorded.data) as 'ok' | 'failing' | 'dead';
    if (status in summary) summary[status]++;
  }
  return summary;
}
