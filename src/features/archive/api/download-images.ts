import type { ArchiveClient } from './archive-client';
import { replaceAddresses, storeSizedImage, type ImageSizer } from './archive-images';
import type { ImportReport } from './import-archive';

/** As the editor's uploads: a camera's photo is fine, anything past it is not a picture for a post. */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

export interface DownloadOptions {
  sizeImage: ImageSizer;
  /** The browser's fetch in the admin screen (other sites must allow it: CORS), Node's on the command line. */
  fetchImage?: typeof fetch;
  onProgress?: (done: number, total: number) => void;
}

export interface DownloadResult {
  copied: string[];
  failed: { url: string; reason: string }[];
}

async function fetchImageBytes(url: string, fetchImage: typeof fetch): Promise<Uint8Array> {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`not a web address (${protocol})`);
  const response = await fetchImage(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_IMAGE_BYTES) throw new Error('larger than 25 MB');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new Error('larger than 25 MB');
  return bytes;
}

/**
 * "Baixar imagens": copies the pictures imported posts only link to into
 * Storage, in the editor's widths, and points the posts at the copies. A
 * picture that cannot be fetched stays linked and is reported with why. Run
 * again, it copies only what is still linked.
 */
export async function downloadLinkedImages(client: ArchiveClient, report: ImportReport, options: DownloadOptions): Promise<DownloadResult> {
  const fetchImage = options.fetchImage ?? fetch;
  const result: DownloadResult = { copied: [], failed: [] };
  const addresses = new Map<string, string>();
  const total = report.linkedImages.length;
  let done = 0;
  for (const url of report.linkedImages) {
    try {
      const stored = await storeSizedImage(client, await fetchImageBytes(url, fetchImage), options.sizeImage);
      addresses.set(url, stored.url);
      result.copied.push(url);
    } catch (e) {
      result.failed.push({ url, reason: e instanceof Error ? e.message : String(e) });
    }
    options.onProgress?.(++done, total);
  }
  if (!addresses.size) return result;

  const ids = report.posts.map((p) => p.id);
  for (let i = 0; i < ids.length; i += 100) {
    const { data, error } = await client.from('blog_posts').select('id, content, image_url').in('id', ids.slice(i, i + 100));
    if (error) throw new Error(`Reading the imported posts failed: ${error.message}`);
    for (const post of data ?? []) {
      const content = replaceAddresses(post.content ?? '', addresses);
      const imageUrl = post.image_url === null ? null : replaceAddresses(post.image_url, addresses);
      if (content === (post.content ?? '') && imageUrl === post.image_url) continue;
      const saved = await client.from('blog_posts').update({ content, image_url: imageUrl }).eq('id', post.id);
      if (saved.error) throw new Error(`Saving a post with its copied images failed: ${saved.error.message}`);
    }
  }
  report.linkedImages = report.linkedImages.filter((url) => !addresses.has(url));
  return result;
}
