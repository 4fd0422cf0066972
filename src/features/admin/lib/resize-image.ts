import { IMAGE_WIDTHS, LARGEST_WIDTH } from '@/features/posts/lib/responsive-image';

/** The largest width is the post's share image: link previews want it small (issue 12). */
export const SHARE_IMAGE_MAX_BYTES = 300 * 1024;
const QUALITIES = [0.82, 0.72, 0.62, 0.5];

export interface ImageVariant {
  /** The width class it is stored under (400, 800, 1600). */
  width: number;
  blob: Blob;
  extension: 'webp' | 'jpg';
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** The first quality whose file fits `maxBytes` (the lowest tried otherwise). */
async function encodeWithin(canvas: HTMLCanvasElement, type: string, maxBytes: number): Promise<Blob | null> {
  let blob: Blob | null = null;
  for (const quality of QUALITIES) {
    blob = await encode(canvas, type, quality);
    if (!blob || blob.size <= maxBytes) return blob;
  }
  return blob;
}

/**
 * The picture in each width of IMAGE_WIDTHS (never enlarged past its own),
 * as WebP, or JPEG where the browser cannot encode WebP (the largest at a
 * quality that keeps it under 300 KB, for link previews); drawn on a canvas,
 * so what is stored carries no metadata (location, camera) and no script.
 */
export async function resizeImage(file: Blob): Promise<ImageVariant[]> {
  const bitmap = await createImageBitmap(file);
  try {
    const variants: ImageVariant[] = [];
    for (const width of IMAGE_WIDTHS) {
      const w = Math.min(width, bitmap.width);
      const h = Math.max(1, Math.round((bitmap.height * w) / bitmap.width));
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.drawImage(bitmap, 0, 0, w, h);
      const maxBytes = width === LARGEST_WIDTH ? SHARE_IMAGE_MAX_BYTES : Infinity;
      const webp = await encodeWithin(canvas, 'image/webp', maxBytes);
      if (webp?.type === 'image/webp') variants.push({ width, blob: webp, extension: 'webp' });
      else {
        const jpeg = await encodeWithin(canvas, 'image/jpeg', maxBytes);
        if (!jpeg) throw new Error('the browser could not encode the image');
        variants.push({ width, blob: jpeg, extension: 'jpg' });
      }
    }
    return variants;
  } finally {
    bitmap.close();
  }
}
