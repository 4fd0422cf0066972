import { Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';

/** A friendly note where cards would be (no posts, empty category, failed load). */
export function BlogEmpty({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-stone-300 px-6 py-16 text-center">
      <Newspaper aria-hidden className="size-8 text-stone-500" />
      <p className="max-w-md font-serif text-lg text-stone-700">{message}</p>
      {children}
    </div>
  );
}
