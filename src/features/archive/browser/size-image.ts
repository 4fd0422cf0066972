import { resizeImage } from '@/features/admin/lib/resize-image';
import type { ImageSizer } from '../api/import-archive';

/**
 * The admin screen's ImageSizer: the post editor's own resize (the browser's
 * canvas, the editor's widths and qualities, no metadata kept), its Blobs
 * turned into the bytes the import sends to Storage.
 */
export const sizeImage: ImageSizer = async (bytes, contentType) => {
  const variants = await resizeImage(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }));
  return Promise.all(
    variants.map(async ({ width, blob, extension }) => ({
      width,
      bytes: new Uint8Array(await blob.arrayBuffer()),
      contentType: blob.type || (extension === 'webp' ? 'image/webp' : 'image/jpeg'),
      extension,
    })),
  );
};
