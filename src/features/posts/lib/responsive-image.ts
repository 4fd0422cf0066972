/**
 * Images uploaded from the post dialog are stored in several widths
 * (`…/post-images/posts/<folder>/400.webp`, `800.webp`, `1600.webp`: the
 * browser resizes them before upload, so hosted Supabase needs no paid image
 * transforms). For such an address this gives the srcset that lets each
 * reader's browser pick the width it needs; other addresses have none.
 */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

const VARIANT = /^(.*\/storage\/v1\/object\/public\/post-images\/posts\/[A-Za-z0-9_-]+\/)(\d+)\.(webp|jpg)$/;

export function imageSrcSet(url: string | null | undefined): string | undefined {
  const m = url ? VARIANT.exec(url.trim()) : null;
  if (!m || !IMAGE_WIDTHS.includes(Number(m[2]) as (typeof IMAGE_WIDTHS)[number])) return undefined;
  return IMAGE_WIDTHS.map((w) => `${m[1]}${w}.${m[3]} ${w}w`).join(', ');
}

/** `sizes` for the places a post image appears: a card of the three-column grid, the post page's header, the text. */
export const IMAGE_SIZES = {
  card: '(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw',
  article: '(min-width: 768px) 48rem, 100vw',
} as const;
