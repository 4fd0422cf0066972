import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Single-line text field; `aria-invalid` turns the border red so errors are not colour-only (a message goes with it). */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
