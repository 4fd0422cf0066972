/**
 * One article fetched and kept: its fields (preview, add) and its archived
 * copy — the readable text as Markdown, the main picture in clip-files, the
 * page as fetched, gzip, in clip-pages (add, archive). Objects are uploaded
 * before the job's one database write; if that write fails, they are removed.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ClipsFetch } from './fetch.ts';
import { extractPage, type ClipFields } from './extract.ts';

export interface FetchedArticle {
  fields: ClipFields;
  markdown: string | null;
  feeds: string[];
  html: string;
  finalUrl: string;
}

const PICTURE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif', 'image/gif': 'gif' };

export async function fetchArticle(fetch: ClipsFetch, url: string): Promise<FetchedArticle> {
  const response = await fetch.page(url);
  const finalUrl = response.url || url;
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`A página respondeu ${response.status}: confira o endereço.`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (type !== 'text/html' && type !== 'application/xhtml+xml') {
    await response.body?.cancel();
    const empty: ClipFields = { url, title: null, outlet: null, outlet_logo_url: null, byline: null, published_on: null, language: null, summary: null, image_url: null };
    return { fields: empty, markdown: null, feeds: [], html: '', finalUrl };
  }
  const html = await response.text();
  const page = await extractPage(html, url);
  return { ...page, html, finalUrl };
}

export interface StoredCopy {
  copy: { text_markdown: string; picture_path: string | null; page_path: string; final_url: string };
  /** The picture's public URL (clips.image_url), when it was kept. */
  imageUrl: string | null;
  /** The outlet's logo kept in clip-files (clips.outlet_logo_url), when it was: the pages never show the outlet's own address. */
  logoUrl: string | null;
  /** What to remove if the job's write fails. */
  objects: { bucket: string; path: string }[];
}

interface KeptFile {
  path: string;
  publicUrl: string;
}

/**
 * A picture (the main one, the outlet's logo) fetched through the clips fetch
 * (its address checked, 10 MB, 20 s) and kept in clip-files as
 * `{clip id}/{random}.{ext}` when it is one of PICTURE_TYPES (no SVG, which
 * could carry script); null when it cannot be had, and the copy is made
 * without it.
 */
async function keepPicture(client: SupabaseClient, fetch: ClipsFetch, clipId: string, address: string, objects: StoredCopy['objects']): Promise<KeptFile | null> {
  const picture = await fetch.page(address).catch(() => null);
  const ext = PICTURE_TYPES[(picture?.headers.get('content-type') ?? '').split(';')[0]!.trim()];
  if (!picture?.ok || !ext) {
    await picture?.body?.cancel();
    return null;
  }
  const bytes = new Uint8Array(await picture.arrayBuffer());
  const path = `${clipId}/${randomUUID()}.${ext}`;
  const error = await upload(client, 'clip-files', path, bytes, `image/${ext === 'jpg' ? 'jpeg' : ext}`);
  if (error) throw new Error(`A imagem não pôde ser guardada: ${error.message}`);
  objects.push({ bucket: 'clip-files', path });
  return { path, publicUrl: client.storage.from('clip-files').getPublicUrl(path).data.publicUrl };
}

/**
 * Uploads the picture, the outlet's logo (from `logoAddress`, hers or the
 * page's) and the page; a picture that cannot be fetched is left out (the
 * copy is still made).
 */
export async function storeCopy(
  client: SupabaseClient,
  fetch: ClipsFetch,
  clipId: string,
  article: FetchedArticle,
  logoAddress: string | null = article.fields.outlet_logo_url,
): Promise<StoredCopy> {
  const objects: StoredCopy['objects'] = [];
  try {
    const picture = article.fields.image_url ? await keepPicture(client, fetch, clipId, article.fields.image_url, objects) : null;
    const logo = logoAddress ? await keepPicture(client, fetch, clipId, logoAddress, objects) : null;
    const pagePath = `${clipId}/${randomUUID()}.html.gz`;
    const error = await upload(client, 'clip-pages', pagePath, gzipSync(article.html), 'application/gzip');
    if (error) throw new Error(`A página não pôde ser guardada: ${error.message}`);
    objects.push({ bucket: 'clip-pages', path: pagePath });
    return {
      copy: { text_markdown: article.markdown ?? '', picture_path: picture?.path ?? null, page_path: pagePath, final_url: article.finalUrl },
      imageUrl: picture?.publicUrl ?? null,
      logoUrl: logo?.publicUrl ?? null,
      objects,
    };
  } catch (error) {
    await removeObjects(client, objects);
    throw error;
  }
}

/** The clip-files object a kept file's public URL names (`…/object/public/clip-files/{path}`), or null for any other address. */
export function keptClipFilePath(clipId: string, url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const marker = '/storage/v1/object/public/clip-files/';
    const { pathname } = new URL(url);
    if (!pathname.startsWith(`${marker}${clipId}/`)) return null;
    return pathname.slice(marker.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}

/**
 * An upload, sent again when the connection failed (a kept-alive socket the
 * server had just closed, as decision 272 met): the name is new and random,
 * so the second try (upsert) cannot overwrite anything else.
 */
async function upload(client: SupabaseClient, bucket: string, path: string, body: Uint8Array, contentType: string) {
  for (let attempt = 1; ; attempt++) {
    const { error } = await client.storage.from(bucket).upload(path, body, { contentType, upsert: attempt > 1 });
    if (!error) return;
    if (attempt >= 3 || !/fetch failed|ECONNRESET|socket/i.test(error.message)) return error;
  }
}

export async function removeObjects(client: SupabaseClient, objects: { bucket: string; path: string }[]): Promise<void> {
  for (const bucket of new Set(objects.map((o) => o.bucket))) {
    await client.storage.from(bucket).remove(objects.filter((o) => o.bucket === bucket).map((o) => o.path));
  }
}
