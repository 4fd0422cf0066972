import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { FormField } from '@/features/admin/components/form-field';
import { adminText } from '@/lib/i18n-admin';
import type { ClipFilters } from '../lib/filter-clips';

/** Search by title or outlet, and the four filters; each change narrows the list at once. */
export function ClipFiltersBar({
  filters,
  onChange,
  outlets,
  years,
}: {
  filters: ClipFilters;
  onChange: (filters: ClipFilters) => void;
  outlets: string[];
  years: string[];
}) {
  const t = adminText.clips;
  const f = t.filters;
  const set = (key: keyof ClipFilters) => (e: { target: { value: string } }) => onChange({ ...filters, [key]: e.target.value });
  return (
    <div role="search" aria-label={f.label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <div className="sm:col-span-2 lg:col-span-1">
        <FormField label={f.search}>{(ids) => <Input {...ids} type="search" value={filters.search} onChange={set('search')} />}</FormField>
      </div>
      <FormField label={f.outlet}>
        {(ids) => (
          <Select {...ids} value={filters.outlet} onChange={set('outlet')}>
            <option value="">{f.allOutlets}</option>
            {outlets.map((o) => (
              <option key={o} value={o}>{o}</option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={f.year}>
        {(ids) => (
          <Select {...ids} value={filters.year} onChange={set('year')}>
            <option value="">{f.allYears}</option>
            {years.map((y) => (
              <option key={y} value={y}>{y}</option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label={f.language}>
        {(ids) => (
          <Select {...ids} value={filters.language} onChange={set('language')}>
            <option value="">{f.allLanguages}</option>
            <option value="pt">{t.languageName.pt}</option>
            <option value="en">{t.languageName.en}</option>
          </Select>
        )}
      </FormField>
      <FormField label={f.status}>
        {(ids) => (
          <Select {...ids} value={filters.status} onChange={set('status')}>
            <option value="">{f.allStatuses}</option>
            <option value="published">{t.status.published}</option>
            <option value="hidden">{t.status.hidden}</option>
            <option value="dead">{f.deadOnly}</option>
          </Select>
        )}
      </FormField>
    </div>
  );
}
