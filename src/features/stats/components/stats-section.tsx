import { FigureTotals } from '@/features/admin/components/figure-totals';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/stats-error';

/** A titled panel of the "Estatísticas" tab, drawn as the other tabs draw theirs. */
export function StatsSection({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-4 rounded-lg border border-stone-200 bg-white p-6">
      <div className="grid max-w-2xl gap-1">
        <h2 id={id} className="font-serif text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {hint && <p className="text-sm text-stone-700">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

/** A read that failed: what, why in her words, and a button to ask again. */
export function StatsFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = adminText.stats;
  return (
    <div role="alert" className="grid justify-items-start gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">{t.loadError}</p>
      <p className="[overflow-wrap:anywhere]">{describeFailure(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

/** Nothing counted yet: said plainly, with when numbers will appear. */
export function StatsEmpty({ message }: { message: string }) {
  return (
    <div className="grid gap-1 rounded-md border border-dashed border-stone-300 p-6 text-center">
      <p className="font-medium text-stone-900">{message}</p>
      <p className="text-sm text-stone-700">{adminText.stats.emptyHint}</p>
    </div>
  );
}

/** The period's totals as a term and its figure each. */
export function StatsTotals({ figures }: { figures: { term: string; value: string }[] }) {
  return <FigureTotals figures={figures} className="sm:grid-cols-2" />;
}
