import { Link } from 'react-router-dom';
import { clipsText } from '@/lib/i18n-clips';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import type { ClipFacets } from '../api/get-clip-facets';
import { clipsSearch, type ClipsView } from '../lib/clips-params';

const CHIP = 'inline-flex min-h-9 items-center rounded-full border px-3 py-1 text-sm';
const chip = (active: boolean) =>
  cn(CHIP, active ? 'border-ink bg-ink text-white' : 'border-stone-300 bg-white text-stone-800 hover:border-ink hover:text-ink');

/**
 * Filter by outlet and by year with plain links (?veiculo=/?outlet=,
 * ?ano=/?year=): each choice is an address, read the same with or without
 * JavaScript; choosing one goes back to the first page and keeps the other.
 */
export function ClipsFilters({ language, view, facets }: { language: Language; view: ClipsView; facets: ClipFacets }) {
  const texts = clipsText(language);
  const to = (next: Partial<ClipsView>) => paths.clips(language) + clipsSearch(language, { ...view, ...next, page: 1 });
  const groups = [
    {
      id: 'outlet',
      label: texts.outlet,
      options: [
        { key: '', label: texts.all, href: to({ outlet: null }), active: !view.outlet },
        ...facets.outlets.map((o) => ({ key: o.name, label: o.name, href: to({ outlet: o.name }), active: view.outlet === o.name })),
      ],
    },
    {
      id: 'year',
      label: texts.year,
      options: [
        { key: '', label: texts.all, href: to({ year: null }), active: !view.year },
        ...facets.years.map((y) => ({ key: String(y.year), label: String(y.year), href: to({ year: y.year }), active: view.year === y.year })),
      ],
    },
  ];
  return (
    <nav aria-label={texts.filters} className="flex flex-col gap-4">
      {groups.map((group) => (
        <div key={group.id} className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:gap-4">
          <h2 id={`clips-filter-${group.id}`} className="w-20 shrink-0 text-sm font-semibold uppercase tracking-wider text-stone-700">
            {group.label}
          </h2>
          <ul aria-labelledby={`clips-filter-${group.id}`} className="flex flex-wrap gap-2">
            {group.options.map((option) => (
              <li key={option.key}>
                <Link to={option.href} aria-current={option.active ? 'page' : undefined} className={chip(option.active)}>
                  {option.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
