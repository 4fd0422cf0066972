import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Multi-line text field, styled like <Input/>. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 placeholder:text-stone-500',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700',
        className,
      )}
      {...props}
    />
  );
}
