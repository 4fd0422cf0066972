import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A styled native <select>. Deliberately not Radix Select: the native control
 * is fully keyboard and screen-reader accessible, uses the phone's own picker,
 * works inside forms without hidden inputs and costs no JavaScript.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'flex h-10 w-full appearance-none rounded-md border border-stone-300 bg-white py-2 pl-3 pr-9 text-sm text-stone-900',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-700',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute right-3 top-3 h-4 w-4 text-stone-500" />
    </div>
  );
}
