/**
 * What each kind of clip job does (public.clip_jobs, decision 290). Fetching
 * and uploads happen first; the job's effect is one call of
 * public.clip_job_finish (one transaction). A handler throws to fail the job.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchArticle, keptClipFilePath, removeObjects, storeCopy } from './article.ts';
import { parseClipsCsv } from './csv.ts';
import { findFeed } from './feed.ts';
import type { ClipsFetch } from './fetch.ts';
import { runLinkCheck } from './link-check.ts';

export interface ClipJob {
  id: string;
  batch: string;
  kind: 'preview' | 'add' | 'feed' | 'csv' | 'archive' | 'check';
  input: string | null;
  clip_id: string | null;
  options: Record<string, unknown>;
}

export interface JobContext {
  client: SupabaseClient;
  fetch: ClipsFetch;
}

/**
 * Fields she typed (or chose) win over what the page says. Not `newsletter`:
 * a clip the import path writes (a pasted list, a feed, `npm run clips`) never
 * goes to the subscribers; she turns it on for one clip in its form (decision 293).
 */
const TYPED = ['title', 'outlet', 'outlet_logo_url', 'byline', 'published_on', 'language', 'summary', 'image_alt', 'status', 'featured', 'show_archive', 'feed_id', 'slug'] as const;

async function finish(ctx: JobContext, job: ClipJob, clips: unknown[] | null, copy: unknown, result: unknown) {
  const { data, error } = await ctx.client.rpc('clip_job_finish', { job_id: job.id, new_clips: clips, copy, job_result: result });
  if (error) throw new Error(error.message);
  return data;
}

function requireAddress(job: ClipJob): string {
  const address = (job.input ?? '').trim();
  if (!/^[a-z][a-z0-9+.-]*:/i.test(address)) throw new Error('Endereço inválido: escreva o endereço completo, com http:// ou https://.');
  return address;
}

async function add(ctx: JobContext, job: ClipJob) {
  const address = requireAddress(job);
  const existing = await ctx.client.from('clips').select('id').eq('url', address).maybeSingle();
  if (existing.data) throw new Error('Já existe uma publicação com este endereço.');
  const article = await fetchArticle(ctx.fetch, address);
  const clip: Record<string, unknown> = { ...article.fields, id: randomUUID(), kind: 'web', url: address, source: (job.options.source as string) ?? 'url' };
  for (const key of TYPED) if (job.options[key] !== undefined && job.options[key] !== '') clip[key] = job.options[key];
  clip.language ??= 'pt';
  if (!clip.title) throw new Error('A página não tem título: preencha-o à mão.');
  // The logo she kept in the form (the preview's) or the page's, copied: the pages never load it from the outlet.
  const stored = await storeCopy(ctx.client, ctx.fetch, clip.id as string, article, (clip.outlet_logo_url as string | null) ?? null);
  clip.image_url = stored.imageUrl;
  clip.outlet_logo_url = stored.logoUrl;
  try {
    return await finish(ctx, job, [clip], stored.copy, {});
  } catch (error) {
    await removeObjects(ctx.client, stored.objects);
    throw error;
  }
}

async function archive(ctx: JobContext, job: ClipJob) {
  if (!job.clip_id) throw new Error('Falta a publicação (clip_id) a arquivar.');
  const { data: clip } = await ctx.client.from('clips').select('id, url, outlet_logo_url').eq('id', job.clip_id).maybeSingle();
  if (!clip?.url) throw new Error('Esta publicação não tem endereço para arquivar.');
  const { data: old } = await ctx.client.from('clip_copies').select('picture_path, page_path').eq('clip_id', clip.id).maybeSingle();
  const article = await fetchArticle(ctx.fetch, clip.url);
  // A logo address she typed (or one kept before decision 291's fix) is fetched now; a kept one is fetched again from the page.
  const oldLogo = keptClipFilePath(clip.id, clip.outlet_logo_url);
  const stored = await storeCopy(ctx.client, ctx.fetch, clip.id, article, oldLogo ? article.fields.outlet_logo_url : (clip.outlet_logo_url ?? article.fields.outlet_logo_url));
  try {
    const result = await finish(ctx, job, null, stored.copy, { clip_id: clip.id });
    const kept = { ...(stored.imageUrl ? { image_url: stored.imageUrl } : {}), ...(stored.logoUrl ? { outlet_logo_url: stored.logoUrl } : {}) };
    if (Object.keys(kept).length) await ctx.client.from('clips').update(kept).eq('id', clip.id);
    // The refreshed copy replaced the old objects: they go once the new ones are written.
    const stale = [
      ...(old?.picture_path ? [{ bucket: 'clip-files', path: old.picture_path }] : []),
      ...(oldLogo && stored.logoUrl ? [{ bucket: 'clip-files', path: oldLogo }] : []),
      ...(old?.page_path ? [{ bucket: 'clip-pages', path: old.page_path }] : []),
    ];
    await removeObjects(ctx.client, stale);
    return result;
  } catch (error) {
    await removeObjects(ctx.client, stored.objects);
    throw error;
  }
}

async function feed(ctx: JobContext, job: ClipJob) {
  const found = await findFeed(ctx.fetch, requireAddress(job));
  const known = new Set<string>();
  const urls = found.items.map((i) => i.url);
  for (let i = 0; i < urls.length; i += 200) {
    const { data } = await ctx.client.from('clips').select('url').in('url', urls.slice(i, i + 200));
    for (const row of data ?? []) known.add(row.url as string);
  }
  const items = found.items.filter((i) => !known.has(i.url));
  return finish(ctx, job, null, null, { items, feed_url: found.feed_url, title: found.title });
}

async function csv(ctx: JobContext, job: ClipJob) {
  const language = job.options.language === 'en' ? 'en' : 'pt';
  const { clips, refused } = parseClipsCsv(job.input ?? '', language);
  const status = job.options.status === 'hidden' ? 'hidden' : 'published';
  return finish(ctx, job, clips.map((c) => ({ ...c, status })), null, { refused });
}

async function check(ctx: JobContext, job: ClipJob) {
  const summary = await runLinkCheck(ctx.client, ctx.fetch, true);
  return finish(ctx, job, null, null, summary);
}

async function preview(ctx: JobContext, job: ClipJob) {
  const article = await fetchArticle(ctx.fetch, requireAddress(job));
  return finish(ctx, job, null, null, { ...article.fields, feeds: article.feeds });
}

export const HANDLERS: Record<ClipJob['kind'], (ctx: JobContext, job: ClipJob) => Promise<unknown>> = { preview, add, archive, feed, csv, check };
