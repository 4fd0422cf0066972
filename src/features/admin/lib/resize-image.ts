import { IMAGE_WIDTHS } from '@/features/posts/lib/responsive-image';

export interface ImageVariant {
  /** The width class it is stored under (400, 800, 1600). */
  width: number;
  blob: Blob;
  extension: 'webp' | 'jpg';
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.82));
}

/**
 * The picture in each width of IMAGE_WIDTHS (never enlarged past its own),
 * as WebP, or JPEG where the browser cannot encode WebP; drawn on a canvas,
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
      const webp = await encode(canvas, 'image/webp');
      if (webp?.type === 'image/webp') variants.push({ width, blob: webp, extension: 'webp' });
      else {
        const jpeg = await encode(canvas, 'image/jpeg');
        if (!jpeg) throw new Error('the browser could not encode the image');
        variants.push({ width, blob: jpeg, extension: 'jpg' });
      }
    }
    return variants;
  } finally {
    bitmap.close();
  }
}
