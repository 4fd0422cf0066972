import { adminText } from '@/lib/i18n-admin';

/** A bar with its numbers for screen readers (role progressbar) and "N de M" said as it moves. */
export function ProgressBar({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full bg-stone-900 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live="polite" className="text-sm text-stone-700">
        {adminText.archive.progress(done, total)}
      </p>
    </div>
  );
}
