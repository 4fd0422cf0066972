import { CATEGORIES } from '@/lib/categories';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { cn } from '@/lib/utils';
import type { CategoryChoice } from '../hooks/use-category-param';

interface Props {
  language: Language;
  value: CategoryChoice;
  onChange: (next: CategoryChoice) => void;
}

/** Toggle buttons (aria-pressed): one per category of spec §9, plus 'All'/'Todos'. */
export function CategoryFilter({ language, value, onChange }: Props) {
  const choices: { value: CategoryChoice; label: string }[] = [
    { value: 'all', label: t(language).blog.all },
    ...CATEGORIES[language].map((category) => ({ value: category, label: category })),
  ];
  return (
    <div role="group" aria-label={t(language).blog.filterLabel} className="flex flex-wrap gap-2">
      {choices.map((choice) => {
        const active = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(choice.value)}
            className={cn(
              'rounded-full border px-4 py-2 text-sm font-medium transition-colors',
              active
                ? 'border-ink bg-ink text-white'
                : 'border-stone-300 bg-white text-stone-800 hover:border-stone-500 hover:bg-stone-50',
            )}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}
