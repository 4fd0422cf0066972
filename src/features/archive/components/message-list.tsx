import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';

/** Shown before "Mostrar todos": an archive may warn about hundreds of things. */
export const FIRST_SHOWN = 20;

interface MessageListProps<T> {
  title: string;
  items: T[];
  render: (item: T) => ReactNode;
  /** Said under the title (what the list means, what to do). */
  hint?: string;
}

/** A titled list that shows its first 20 items, and every one after "Mostrar todos". */
export function MessageList<T>({ title, items, render, hint }: MessageListProps<T>) {
  const t = adminText.archive;
  const [all, setAll] = useState(false);
  if (!items.length) return null;
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  return (
    <div className="grid gap-2">
      <h4 className="font-semibold text-stone-900">{title}</h4>
      {hint && <p className="text-sm text-stone-700">{hint}</p>}
      <ul className="grid list-disc gap-1 pl-5 text-sm text-stone-800 [overflow-wrap:anywhere]">
        {shown.map((item, i) => (
          <li key={i}>{render(item)}</li>
        ))}
      </ul>
      {items.length > FIRST_SHOWN && (
        <Button type="button" variant="link" className="h-auto justify-self-start p-0" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t.showFewer : t.showAll(items.length)}
        </Button>
      )}
    </div>
  );
}
