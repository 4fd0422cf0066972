import { adminText } from '@/lib/i18n-admin';
import { cn } from '@/lib/utils';
import type { SourceKind, StatsSource } from '../api/stats';
import { sourcesOf } from '../lib/figures';
import { SourcesTable } from './sources-table';

interface Props {
  sources: readonly StatsSource[];
  /** Which splits, in this order; all three by default. */
  kinds?: SourceKind[];
  /** Language and device side by side on a wide screen (the tab); one under the other in a dialog. */
  sideBySide?: boolean;
}

/** Where readers came from, and (unless `kinds` leaves it out) in which language and on which device. */
export function SourcesPanel({ sources, kinds = ['referrer', 'language', 'device'], sideBySide = false }: Props) {
  const t = adminText.stats;
  const tables: Record<SourceKind, { caption: string; column: string }> = {
    referrer: { caption: t.referrersTitle, column: t.columns.source },
    language: { caption: t.languagesTitle, column: t.columns.language },
    device: { caption: t.devicesTitle, column: t.columns.device },
  };
  return (
    <div className={cn('grid gap-6', sideBySide && 'md:grid-cols-2')}>
      {kinds.map((kind) => (
        <div key={kind} className={cn('min-w-0', sideBySide && kind === 'referrer' && 'md:col-span-2')}>
          <SourcesTable sources={sourcesOf(sources, kind)} {...tables[kind]} />
        </div>
      ))}
    </div>
  );
}
