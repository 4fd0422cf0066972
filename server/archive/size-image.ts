/**
 * The command line's image sizer: the same widths, format and limits as the
 * post editor's canvas (src/features/admin/lib/resize-image.ts), made with
 * sharp, since Node has no canvas. What is stored carries no metadata
 * (sharp drops EXIF, location and camera unless asked); the picture is turned
 * upright first, as a browser draws it.
 */
import sharp from 'sharp';
import type { ImageSizer, SizedImage } from '../../src/features/archive/api/import-archive.ts';

const WIDTHS = [400, 800, 1600] as const;
const LARGEST = 1600;
/** Link previews want the largest small (issue 12). */
const SHARE_IMAGE_MAX_BYTES = 300 * 1024;
const QUALITIES = [82, 72, 62, 50];

export const sizeImageWithSharp: ImageSizer = async (bytes) => {
  const upright = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
  const { width: sourceWidth } = await upright.clone().metadata();
  if (!sourceWidth) throw new Error('the image has no width');
  const variants: SizedImage[] = [];
  for (const width of WIDTHS) {
    const resized = upright.clone().resize({ width: Math.min(width, sourceWidth), withoutEnlargement: true });
    let out: Buffer | undefined;
    for (const quality of QUALITIES) {
      out = await resized.clone().webp({ quality }).toBuffer();
      if (width !== LARGEST || out.byteLength <= SHARE_IMAGE_MAX_BYTES) break;
    }
    variants.push({ width, bytes: new Uint8Array(out!), contentType: 'image/webp', extension: 'webp' });
  }
  return variants;
};
