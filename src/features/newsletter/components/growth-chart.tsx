import { useId } from 'react';
import { adminText } from '@/lib/i18n-admin';
import { formatAdminDate } from '@/features/admin/lib/format-admin-date';
import type { GrowthDay } from '../api/summary';

const WIDTH = 600;
const HEIGHT = 160;

function points(days: readonly GrowthDay[], pick: (day: GrowthDay) => number, top: number): string {
  const step = days.length > 1 ? WIDTH / (days.length - 1) : 0;
  return days.map((day, i) => `${(i * step).toFixed(1)},${(HEIGHT - (pick(day) / top) * HEIGHT).toFixed(1)}`).join(' ');
}

/** The days whose figures differ from the day before (and the first), for the table: 90 rows would say little more. */
function changes(days: readonly GrowthDay[]): GrowthDay[] {
  return days.filter((day, i) => i === 0 || day.pt !== days[i - 1]!.pt || day.en !== days[i - 1]!.en);
}

/**
 * Confirmed subscribers of each language over the last days: two lines
 * (Portuguese solid, English dashed, so colour is not the only difference),
 * whose text alternative is the sentence above them (from, to) and a table
 * of the days that changed.
 */
export function GrowthChart({ days }: { days: readonly GrowthDay[] }) {
  const t = adminText.newsletter;
  const id = useId();
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const top = Math.max(1, ...days.map((d) => Math.max(d.pt, d.en)));
  const names = t.languageNames;
  return (
    <figure className="grid gap-3" aria-labelledby={`${id}-title`}>
      <figcaption className="grid gap-1">
        <span id={`${id}-title`} className="font-medium text-stone-900">
          {t.growthTitle(days.length)}
        </span>
        <span id={`${id}-summary`} className="text-sm text-stone-700">
          {t.growthSummary(days.length, [first.pt, last.pt], [first.en, last.en])}
        </span>
      </figcaption>
      <div className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-stone-700">
        <div aria-hidden className="flex flex-col justify-between text-right">
          <span>{top}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-summary`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible border-b border-l border-stone-300"
        >
          <polyline points={points(days, (d) => d.pt, top)} fill="none" className="stroke-stone-900" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          <polyline
            points={points(days, (d) => d.en, top)}
            fill="none"
            className="stroke-amber-700"
            strokeWidth={2}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span />
        <div aria-hidden className="flex justify-between pt-1">
          <span>{formatAdminDate(`${first.day}T12:00:00Z`)}</span>
          <span>{formatAdminDate(`${last.day}T12:00:00Z`)}</span>
        </div>
      </div>
      <ul aria-hidden className="flex flex-wrap gap-4 text-sm text-stone-800">
        <li className="flex items-center gap-2">
          <svg width="24" height="6">
            <line x1="0" y1="3" x2="24" y2="3" className="stroke-stone-900" strokeWidth={2} />
          </svg>
          {names.pt}
        </li>
        <li className="flex items-center gap-2">
          <svg width="24" height="6">
            <line x1="0" y1="3" x2="24" y2="3" className="stroke-amber-700" strokeWidth={2} strokeDasharray="6 4" />
          </svg>
          {names.en}
        </li>
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-stone-800 underline-offset-4 hover:underline">{t.growthTable}</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr className="border-b border-stone-200">
              <th scope="col" className="py-1 pr-6 font-medium">
                {t.day}
              </th>
              <th scope="col" className="py-1 pr-6 font-medium">
                {names.pt}
              </th>
              <th scope="col" className="py-1 font-medium">
                {names.en}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes(days).map((day) => (
              <tr key={day.day} className="border-b border-stone-100">
                <th scope="row" className="py-1 pr-6 font-normal">
                  {formatAdminDate(`${day.day}T12:00:00Z`)}
                </th>
                <td className="py-1 pr-6 tabular-nums">{day.pt}</td>
                <td className="py-1 tabular-nums">{day.en}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
