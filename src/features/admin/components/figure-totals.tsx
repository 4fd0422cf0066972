import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Her headline figures (subscribers, views…) as a term and its number each, in boxes side by side. */
export function FigureTotals({ figures, className }: { figures: { term: string; value: ReactNode }[]; className?: string }) {
  return (
    <dl className={cn('grid gap-4', className)}>
      {figures.map(({ term, value }) => (
        <div key={term} className="grid gap-1 rounded-md border border-stone-200 p-4">
          <dt className="text-sm text-stone-700">{term}</dt>
          <dd className="font-serif text-3xl font-semibold tabular-nums text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
