import { adminText } from '@/lib/i18n-admin';
import type { SourceKind, StatsSource } from '../api/stats';
import { sourcesOf } from '../lib/figures';
import { SourcesTable } from './sources-table';

/** Where readers came from, and (unless `kinds` leaves it out) in which language and on which device. */
export function SourcesPanel({ sources, kinds = ['referrer', 'language', 'device'] }: { sources: readonly StatsSource[]; kinds?: SourceKind[] }) {
  const t = adminText.stats;
  const tables: Record<SourceKind, { caption: string; column: string }> = {
    referrer: { caption: t.referrersTitle, column: t.columns.source },
    language: { caption: t.languagesTitle, column: t.columns.language },
    device: { caption: t.devicesTitle, column: t.columns.device },
  };
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {kinds.map((kind) => (
        <div key={kind} className={kind === 'referrer' ? 'md:col-span-2' : undefined}>
          <SourcesTable sources={sourcesOf(sources, kind)} {...tables[kind]} />
        </div>
      ))}
    </div>
  );
}
