import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A spinning icon with a spoken label; role=status so the label is announced. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 text-stone-600', className)}>
      <LoaderCircle aria-hidden className="size-8 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
