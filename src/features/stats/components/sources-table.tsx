import { useId } from 'react';
import { adminText } from '@/lib/i18n-admin';
import type { StatsSource } from '../api/stats';
import { formatCount, formatShare, sourceLabel } from '../lib/figures';
import { TableBox } from './table-box';

/**
 * One split of the views (referrers, languages or devices): each value's
 * views, visitors and share of the views, most viewed first.
 */
export function SourcesTable({ sources, caption, column }: { sources: readonly StatsSource[]; caption: string; column: string }) {
  const t = adminText.stats;
  const id = useId();
  const total = sources.reduce((sum, s) => sum + s.views, 0);
  return (
    <TableBox labelledBy={id}>
      <table className="w-full text-left text-sm">
        <caption id={id} className="pb-2 text-left font-medium text-stone-900">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-200">
            <th scope="col" className="py-1 pr-4 font-medium">
              {column}
            </th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">
              {t.columns.views}
            </th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">
              {t.columns.visitors}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t.columns.share}
            </th>
          </tr>
        </thead>
        <tbody>
          {sources.map((source) => (
            <tr key={source.value} className="border-b border-stone-100">
              <th scope="row" className="py-1 pr-4 font-normal [overflow-wrap:anywhere]">
                {sourceLabel(source)}
              </th>
              <td className="py-1 pr-4 text-right tabular-nums">{formatCount(source.views)}</td>
              <td className="py-1 pr-4 text-right tabular-nums">{formatCount(source.visitors)}</td>
              <td className="py-1 text-right tabular-nums">{formatShare(source.views, total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
