import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminText } from '@/lib/i18n-admin';
import { isLanguage } from '@/lib/language';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { useDebouncedValue } from '@/features/admin/hooks/use-debounced-value';
import { formatAdminDate } from '@/features/admin/lib/format-admin-date';
import { newsletterKeys } from '../api/keys';
import { describeFailure } from '../api/newsletter-error';
import { listSubscribers, SUBSCRIBERS_PAGE_SIZE, type Subscriber } from '../api/subscribers';
import { ExportSubscribersButton } from './export-subscribers-button';
import { FailureAlert, NewsletterSection } from './newsletter-section';
import { RemoveSubscriberButton } from './remove-subscriber-button';

const t = adminText.newsletter;

const languagesOf = (row: Subscriber) => row.languages.map((l) => (isLanguage(l) ? t.languageNames[l] : l)).join(', ');
const named = <K extends string>(names: Record<K, string>, value: string) => (value in names ? names[value as K] : value);

/**
 * "Lista": the addresses, newest first, 50 a page with the database's
 * count; the search (part of the address) runs in the database. Each row
 * can be removed; "Exportar CSV" downloads them all.
 */
export function SubscriberList() {
  const id = useId();
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search.trim());
  const searchInput = useRef<HTMLInputElement>(null);
  // The page belongs to the search it was chosen in: new words start at the first.
  const [paging, setPaging] = useState({ words: '', page: 0 });
  const page = paging.words === words ? paging.page : 0;
  const setPage = (next: number) => setPaging({ words, page: next });
  /** An emptied page gives way to the one before. */
  function removed(lastOfPage: boolean) {
    if (lastOfPage && page > 0) setPage(page - 1);
  }
  const list = useQuery({
    queryKey: newsletterKeys.list(words, page),
    queryFn: () => listSubscribers(words, page),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;
  const rows = list.data?.rows ?? [];
  const first = page * SUBSCRIBERS_PAGE_SIZE;

  return (
    <NewsletterSection id="newsletter-list-heading" title={t.listTitle} hint={t.listHint} actions={<ExportSubscribersButton />}>
      <div className="grid max-w-sm gap-2">
        <Label htmlFor={`${id}-search`}>{t.search}</Label>
        <Input ref={searchInput} id={`${id}-search`} type="search" placeholder={t.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {list.isPending && <LoadingSpinner />}
      {list.isError && <FailureAlert title={t.listLoadError} message={describeFailure(list.error)} />}
      {list.isSuccess && rows.length === 0 && <p className="text-sm text-stone-700">{words ? t.noMatch(words) : t.empty}</p>}
      {rows.length > 0 && (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-describedby={`${id}-range`}>
              <caption className="sr-only">{t.listTitle}</caption>
              <thead>
                <tr className="border-b border-stone-200 text-stone-700">
                  <th scope="col" className="py-2 pr-4 font-medium">{t.columns.email}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{t.columns.languages}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{t.columns.date}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{t.columns.status}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{t.columns.source}</th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t.columns.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-stone-100">
                    <th scope="row" className="py-2 pr-4 font-normal text-stone-900 [overflow-wrap:anywhere]">{row.email}</th>
                    <td className="py-2 pr-4">{languagesOf(row)}</td>
                    <td className="py-2 pr-4">{formatAdminDate(row.created_at)}</td>
                    <td className="py-2 pr-4">{named(t.statusNames, row.status)}</td>
                    <td className="py-2 pr-4">{named(t.sourceNames, row.source)}</td>
                    <td className="py-1 text-right">
                      <RemoveSubscriberButton
                        subscriber={row}
                        onRemoved={() => removed(rows.length === 1)}
                        // The row (and the button) goes: the focus waits in the search rather than falling to the page.
                        focusAfter={() => searchInput.current?.focus()}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t.pages} className="flex flex-wrap items-center justify-between gap-2">
            <p id={`${id}-range`} className="text-sm text-stone-700">
              {t.range(first + 1, first + rows.length, total)}
            </p>
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {t.previous}
              </Button>
              <Button type="button" variant="outline" size="sm" disabled={first + rows.length >= total} onClick={() => setPage(page + 1)}>
                {t.next}
              </Button>
            </div>
          </nav>
        </>
      )}
    </NewsletterSection>
  );
}
