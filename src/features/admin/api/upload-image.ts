import { LARGEST_WIDTH } from '@/features/posts/lib/responsive-image';
import { adminText } from '@/lib/i18n-admin';
import { supabase } from '@/lib/supabase';
import { resizeImage } from '../lib/resize-image';

/** The bucket of the migration 20261123140000_post_images_bucket.sql. */
export const POST_IMAGES_BUCKET = 'post-images';
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
/** A photo straight from a camera is fine: it is resized before it is sent. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

const t = adminText.images;

/** A refused upload, said in Portuguese (issue 12: type, size, rights, network). */
export class ImageUploadError extends Error {
  override name = 'ImageUploadError';
}

function refusal(error: unknown): ImageUploadError {
  const statusCode = (error as { statusCode?: string } | null)?.statusCode;
  if (statusCode === '403') return new ImageUploadError(t.noRights);
  if (statusCode === '413') return new ImageUploadError(t.tooBig);
  if (statusCode === '415') return new ImageUploadError(t.wrongType);
  return new ImageUploadError(t.failed);
}

/** A folder name nobody else will pick (crypto.randomUUID needs https; this does not). */
function folderName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks, resizes and uploads a picture to Storage (`posts/<folder>/<width>`),
 * and returns the public address of its largest width. Every width or none:
 * when one upload fails, those already sent are removed.
 */
export async function uploadPostImage(file: File): Promise<string> {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) throw new ImageUploadError(t.wrongType);
  if (file.size > MAX_SOURCE_BYTES) throw new ImageUploadError(t.tooBig);
  let variants;
  try {
    variants = await resizeImage(file);
  } catch {
    throw new ImageUploadError(t.unreadable);
  }
  const bucket = supabase.storage.from(POST_IMAGES_BUCKET);
  const folder = `posts/${folderName()}`;
  const sent: string[] = [];
  try {
    for (const v of variants) {
      const path = `${folder}/${v.width}.${v.extension}`;
      // The names never change content: cached for a year.
      const { error } = await bucket.upload(path, v.blob, { cacheControl: '31536000', contentType: v.blob.type });
      if (error) throw refusal(error);
      sent.push(path);
    }
  } catch (e) {
    if (sent.length) await bucket.remove(sent);
    throw e instanceof ImageUploadError ? e : new ImageUploadError(t.failed);
  }
  const largest = variants.find((v) => v.width === LARGEST_WIDTH)!;
  return bucket.getPublicUrl(`${folder}/${largest.width}.${largest.extension}`).data.publicUrl;
}
