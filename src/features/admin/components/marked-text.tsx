import { adminText } from '@/lib/i18n-admin';
import { cn } from '@/lib/utils';
import type { WordChange } from '../lib/word-diff';

const t = adminText.history;

/**
 * One side of a comparison, as saved (line breaks kept), with what the other
 * side lacks marked: on the older side the words the current text no longer
 * has (struck through, <del>), on the current side the words it gained
 * (underlined, <ins>). Not by colour alone, and screen readers, which mostly
 * ignore <del> and <ins>, are told where each stretch starts and ends.
 */
export function MarkedText({ changes, side, className }: { changes: readonly WordChange[]; side: 'before' | 'after'; className?: string }) {
  return (
    <div className={cn('whitespace-pre-wrap break-words text-sm leading-relaxed text-stone-900', className)}>
      {changes.map((change, i) => {
        if (change.removed) {
          if (side === 'after') return null;
          return (
            <del key={i} className="bg-red-100 text-red-950 decoration-red-800 decoration-2">
              <span className="sr-only">{t.removedStart}</span>
              {change.value}
              <span className="sr-only">{t.removedEnd}</span>
            </del>
          );
        }
        if (change.added) {
          if (side === 'before') return null;
          return (
            <ins key={i} className="bg-green-100 text-green-950 underline decoration-green-800 decoration-2 underline-offset-2">
              <span className="sr-only">{t.addedStart}</span>
              {change.value}
              <span className="sr-only">{t.addedEnd}</span>
            </ins>
          );
        }
        return <span key={i}>{change.value}</span>;
      })}
    </div>
  );
}
