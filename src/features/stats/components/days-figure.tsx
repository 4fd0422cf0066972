import { useId } from 'react';
import { adminText } from '@/lib/i18n-admin';
import type { StatsDay } from '../api/stats';
import { formatCount, formatDay } from '../lib/figures';
import { ChartLegend, DaysChart } from './days-chart';
import { TableBox } from './table-box';

interface Props {
  days: readonly StatsDay[];
  title: string;
  /** The chart's text alternative: one sentence of the totals. */
  summary: string;
  /** The table's caption, and which days it lists (all by default). */
  tableCaption: string;
  tableDays?: readonly StatsDay[];
}

/**
 * Views and visitors per day: the chart under its title and its one-sentence
 * summary, then the same numbers as a table (the chart is for the eyes; the
 * table is for everyone, screen readers included).
 */
export function DaysFigure({ days, title, summary, tableCaption, tableDays = days }: Props) {
  const t = adminText.stats;
  const id = useId();
  return (
    <div className="grid min-w-0 gap-4">
      <figure className="grid min-w-0 gap-3" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
        <figcaption className="grid gap-1">
          <span id={`${id}-title`} className="font-medium text-stone-900">
            {title}
          </span>
          <span id={`${id}-summary`} className="text-sm text-stone-700">
            {summary}
          </span>
        </figcaption>
        <DaysChart days={days} />
        <ChartLegend />
      </figure>
      <TableBox labelledBy={`${id}-caption`} className="max-h-72 rounded-md border border-stone-200">
        <table className="w-full text-left text-sm">
          <caption id={`${id}-caption`} className="px-3 py-2 text-left font-medium text-stone-900">
            {tableCaption}
          </caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-stone-200">
              <th scope="col" className="px-3 py-1 font-medium">
                {t.columns.day}
              </th>
              <th scope="col" className="px-3 py-1 text-right font-medium">
                {t.columns.views}
              </th>
              <th scope="col" className="px-3 py-1 text-right font-medium">
                {t.columns.visitors}
              </th>
            </tr>
          </thead>
          <tbody>
            {tableDays.map((day) => (
              <tr key={day.day} className="border-b border-stone-100">
                <th scope="row" className="px-3 py-1 font-normal">
                  <time dateTime={day.day}>{formatDay(day.day)}</time>
                </th>
                <td className="px-3 py-1 text-right tabular-nums">{formatCount(day.views)}</td>
                <td className="px-3 py-1 text-right tabular-nums">{formatCount(day.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </div>
  );
}
