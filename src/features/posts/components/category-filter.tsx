import { CATEGORIES, CATEGORY_PARAM } from '@/lib/categories';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import type { CategoryChoice } from '../hooks/use-category-param';

interface Props {
  language: Language;
  value: CategoryChoice;
  onChange: (next: CategoryChoice) => void;
}

/**
 * Toggle buttons (aria-pressed): one per category of spec §9, plus 'All'/'Todos'.
 * They are the submit buttons of a GET form, so without JavaScript, or when
 * clicked before the page has hydrated, a choice loads the server-rendered
 * `?category=…` page; the app turns the click into a filter in place.
 */
export function CategoryFilter({ language, value, onChange }: Props) {
  const choices: { value: CategoryChoice; label: string }[] = [
    { value: 'all', label: t(language).blog.all },
    ...CATEGORIES[language].map((category) => ({ value: category, label: category })),
  ];
  return (
    <form method="get" action={`${paths.home(language)}#blog`}>
      <div role="group" aria-label={t(language).blog.filterLabel} className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const active = choice.value === value;
          return (
            <button
              key={choice.value}
              type="submit"
              // 'All' sends nothing: the plain listing.
              name={choice.value === 'all' ? undefined : CATEGORY_PARAM}
              value={choice.value === 'all' ? undefined : choice.value}
              aria-pressed={active}
              onClick={(event) => {
                event.preventDefault();
                onChange(choice.value);
              }}
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
    </form>
  );
}
