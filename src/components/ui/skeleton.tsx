import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A grey shape standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      data-testid="skeleton"
      className={cn('animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
