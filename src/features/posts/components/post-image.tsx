import { useState } from 'react';
import { cn } from '@/lib/utils';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/**
 * The post's picture, or the placeholder when it has none or it fails to load
 * (spec §2). The alt text is the post title in both cases, so the image is
 * never an unnamed graphic.
 */
export function PostImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src?.trim() && failed !== src ? src.trim() : PLACEHOLDER_IMAGE;
  return (
    <img
      src={usable}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn('h-full w-full object-cover', className)}
    />
  );
}
