import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { describeFailure } from '../api/clip-error';
import { useClips } from '../api/use-clips';
import { countClips, filterChoices, filterClips, noFilters } from '../lib/filter-clips';
import { AddClipDialog } from './add-clip-dialog';
import { BulkImportDialog } from './bulk-import-dialog';
import { ClipFiltersBar } from './clip-filters-bar';
import { ClipRow } from './clip-row';
import { FailureAlert } from './failure-alert';
import { PrintClipDialog } from './print-clip-dialog';

const PAGE = 50;

/**
 * The admin's "Publicações" tab (issue 43): her clips with their counts,
 * search and filters, and the ways to add them (one address, in bulk, a
 * print). Loaded when the tab is opened (admin-panel.tsx).
 */
export default function ClipsManager() {
  const t = adminText.clips;
  const clips = useClips();
  const [filters, setFilters] = useState(noFilters);
  const [shown, setShown] = useState(PAGE);
  const all = useMemo(() => clips.data ?? [], [clips.data]);
  const counts = useMemo(() => countClips(all), [all]);
  const choices = useMemo(() => filterChoices(all), [all]);
  const matching = useMemo(() => filterClips(all, filters), [all, filters]);
  return (
    <section aria-labelledby="clips-title" className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid max-w-2xl gap-1">
          <h2 id="clips-title" className="font-serif text-xl font-semibold text-stone-900">{t.title}</h2>
          <p className="text-sm text-stone-700">{t.hint}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AddClipDialog />
          <BulkImportDialog />
          <PrintClipDialog />
        </div>
      </div>
      {clips.isPending && <LoadingSpinner />}
      {clips.isError && <FailureAlert title={t.loadError} message={describeFailure(clips.error)} />}
      {clips.isSuccess && (
        <>
          <ul aria-label={t.counts.label} className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-800">
            <li>{t.counts.total(counts.total)}</li>
            <li>{t.counts.published(counts.published)}</li>
            <li>{t.counts.hidden(counts.hidden)}</li>
            <li className={counts.dead ? 'font-semibold text-red-800' : undefined}>{t.counts.dead(counts.dead)}</li>
          </ul>
          <ClipFiltersBar
            filters={filters}
            onChange={(next) => {
              setFilters(next);
              setShown(PAGE);
            }}
            outlets={choices.outlets}
            years={choices.years}
          />
          <p role="status" className="text-sm text-stone-700">
            {t.filters.shown(matching.length, counts.total)}
          </p>
          {matching.length === 0 ? (
            <p className="text-stone-700">{counts.total === 0 ? t.empty : t.emptyFiltered}</p>
          ) : (
            <ul aria-labelledby="clips-title" className="grid gap-3">
              {matching.slice(0, shown).map((clip) => (
                <ClipRow key={clip.id} clip={clip} />
              ))}
            </ul>
          )}
          {matching.length > shown && (
            <Button variant="outline" className="justify-self-center" onClick={() => setShown((n) => n + PAGE)}>
              {t.showMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
