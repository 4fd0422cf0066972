import { useId } from 'react';
import { adminText } from '@/lib/i18n-admin';
import { cn } from '@/lib/utils';
import { PERIODS, type Period } from '../api/stats';

/**
 * "Período": 7, 30 or 90 days, as native radio buttons (arrow keys move
 * and choose, as a screen reader expects), drawn as a segmented toggle.
 */
export function PeriodChoice({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const t = adminText.stats;
  const name = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-stone-900">{t.period}</legend>
      <div className="inline-flex w-fit rounded-md bg-stone-100 p-1">
        {PERIODS.map((period) => (
          <label
            key={period}
            className={cn(
              'cursor-pointer rounded-sm px-3 py-1.5 text-sm font-medium text-stone-700',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-stone-900',
              'has-[:checked]:bg-white has-[:checked]:text-stone-900 has-[:checked]:shadow-sm',
            )}
          >
            <input
              type="radio"
              name={name}
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
              className="sr-only"
            />
            {t.periodDays(period)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
