import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A table's box, scrolling when the table is wider (a narrow window) or
 * taller (`className` limits it) than the room it has: a region named by the
 * table's caption and focusable, so the keyboard scrolls it too.
 */
export function TableBox({ labelledBy, className, children }: { labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={cn('overflow-auto rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900', className)}
    >
      {children}
    </div>
  );
}
