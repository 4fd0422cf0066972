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
  /** What to remove if the job's write fails. */
  objects: { bucket: string; path: string }[];
}

/** Uploads the picture and the page; a picture that cannot be fetched is left out (the copy is still made). */
export async function storeCopy(client: SupabaseClient, fetch: ClipsFetch, clipId: string, article: FetchedArticle): Promise<StoredCopy> {
  const objects: { bucket: string; path: string }[] = [];
  try {
    let picturePath: string | null = null;
    let imageUrl: string | null = null;
    if (article.fields.image_url) {
      const picture = await fetch.page(article.fields.image_url).catch(() => null);
      const ext = PICTURE_TYPES[(picture?.headers.get('content-type') ?? '').split(';')[0]!.trim()];
      if (picture?.ok && ext) {
        const bytes = new Uint8Array(await picture.arrayBuffer());
        const path = `${clipId}/${randomUUID()}.${ext}`;
        const error = await upload(client, 'clip-files', path, bytes, `image/${ext === 'jpg' ? 'jpeg' : ext}`);
        if (error) throw new Error(`A imagem não pôde ser guardada: ${error.message}`);
        objects.push({ bucket: 'clip-files', path });
        picturePath = path;
        imageUrl = client.storage.from('clip-files').getPublicUrl(path).data.publicUrl;
      } else {
        await picture?.body?.cancel();
      }
    }
    const pagePath = `${clipId}/${randomUUID()}.html.gz`;
    const error = await upload(client, 'clip-pages', pagePath, gzipSync(article.html), 'application/gzip');
    if (error) throw new Error(`A página não pôde ser guardada: ${error.message}`);
    objects.push({ bucket: 'clip-pages', path: pagePath });
    return {
      copy: { text_markdown: article.markdown ?? '', picture_path: picturePath, page_path: pagePath, final_url: article.finalUrl },
      imageUrl,
      objects,
    };
  } catch (error) {
    await removeObjects(client, objects);
    throw error;
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
