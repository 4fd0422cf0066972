import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { ArchiveClient } from './archive-client';

/** The bucket of migration 20261123140000_post_images_bucket.sql (the editor's uploads). */
export const POST_IMAGES_BUCKET = 'post-images';
/** The widths the editor stores (src/features/posts/lib/responsive-image.ts); the largest is the post's address. */
const LARGEST_WIDTH = 1600;

/** An image in the widths the editor makes, ready for Storage. */
export interface SizedImage {
  width: number;
  bytes: Uint8Array;
  contentType: string;
  extension: 'webp' | 'jpg';
}

/** Resizes a picture as the post editor does: the browser's canvas in the admin screen, sharp on the command line. */
export type ImageSizer = (bytes: Uint8Array, contentType: string) => Promise<SizedImage[]>;

/** The public address of the bucket's root on this project, ending in a slash. */
export function postImagesBase(client: ArchiveClient): string {
  return client.storage.from(POST_IMAGES_BUCKET).getPublicUrl('x').data.publicUrl.replace(/x$/, '');
}

/** Guesses a picture's type from its first bytes (an archive's file names and headers cannot be trusted). */
export function sniffImageType(bytes: Uint8Array): string | null {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return 'image/webp';
  if (b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70 && b[8] === 0x61 && b[9] === 0x76 && b[10] === 0x69) return 'image/avif';
  return null;
}

/**
 * Puts a picture into Storage in the editor's widths, under a folder named by
 * a hash of its bytes: the same picture imported twice lands in the same place
 * and is not sent again (the folder is looked at first). Returns the public
 * address of the largest width, as the editor does.
 */
export async function storeSizedImage(client: ArchiveClient, bytes: Uint8Array, sizeImage: ImageSizer): Promise<{ url: string; uploaded: boolean }> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new Error('not an image (JPEG, PNG, GIF, WebP or AVIF)');
  const folder = `posts/i${bytesToHex(sha256(bytes)).slice(0, 32)}`;
  const bucket = client.storage.from(POST_IMAGES_BUCKET);
  const listed = await bucket.list(folder, { limit: 10 });
  if (listed.error) throw new Error(`Storage: ${listed.error.message}`);
  const present = (listed.data ?? []).find((o) => o.name.startsWith(`${LARGEST_WIDTH}.`));
  if (present) return { url: bucket.getPublicUrl(`${folder}/${present.name}`).data.publicUrl, uploaded: false };

  const variants = await sizeImage(bytes, contentType);
  const largest = variants.find((v) => v.width === LARGEST_WIDTH);
  if (!largest) throw new Error('the image sizer made no 1600 width');
  // the largest last: its presence above means every width is there.
  const ordered = [...variants.filter((v) => v !== largest), largest];
  for (const v of ordered) {
    const { error } = await bucket.upload(`${folder}/${v.width}.${v.extension}`, v.bytes, {
      contentType: v.contentType,
      cacheControl: '31536000',
      upsert: true,
    });
    if (error) throw new Error(`Storage: ${error.message}`);
  }
  return { url: bucket.getPublicUrl(`${folder}/${largest.width}.${largest.extension}`).data.publicUrl, uploaded: true };
}

/** Replaces every occurrence of each address in the text (Markdown image syntax or a cover address). */
export function replaceAddresses(text: string, addresses: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [from, to] of addresses) if (from !== to && out.includes(from)) out = out.split(from).join(to);
  return out;
}
