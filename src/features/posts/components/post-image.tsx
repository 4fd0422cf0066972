import { useState } from 'react';
import { cn } from '@/lib/utils';
import { PLACEHOLDER_IMAGE, PLACEHOLDER_SRCSET } from '../lib/placeholder-image';
import { imageSrcSet } from '../lib/responsive-image';

interface Props {
  src: string | null;
  alt: string;
  /** Which width the image takes on screen, for the srcset. */
  sizes: string;
  /** Above the fold (the post page's header): loaded at once, first. */
  eager?: boolean;
  className?: string;
}

/**
 * The post's picture, or the placeholder when it has none or it fails to load
 * (spec §2). The alt text is the post title in both cases, so the image is
 * never an unnamed graphic. An uploaded image and the placeholder come in
 * several widths (srcset).
 */
export function PostImage({ src, alt, sizes, eager = false, className }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src?.trim() && failed !== src ? src.trim() : PLACEHOLDER_IMAGE;
  const srcSet = usable === PLACEHOLDER_IMAGE ? PLACEHOLDER_SRCSET : imageSrcSet(usable);
  return (
    <img
      src={usable}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn('h-full w-full object-cover', className)}
    />
  );
}
