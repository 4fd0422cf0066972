import { useQuery } from '@tanstack/react-query';
import { adminText } from '@/lib/i18n-admin';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { newsletterKeys } from '../api/keys';
import { describeFailure } from '../api/newsletter-error';
import { getSubscriberSummary, GROWTH_DAYS } from '../api/summary';
import { GrowthChart } from './growth-chart';
import { FailureAlert, NewsletterSection } from './newsletter-section';

/** The tab's head: confirmed subscribers per language, those still to confirm, and the growth of the last 90 days. */
export function SubscriberSummary() {
  const t = adminText.newsletter;
  const summary = useQuery({ queryKey: newsletterKeys.summary(GROWTH_DAYS), queryFn: () => getSubscriberSummary(GROWTH_DAYS) });
  const figures = summary.data && [
    { term: t.confirmedIn(t.languageNames.pt), value: summary.data.pt },
    { term: t.confirmedIn(t.languageNames.en), value: summary.data.en },
    { term: t.pending, value: summary.data.pending },
  ];
  return (
    <NewsletterSection id="newsletter-summary-heading" title={t.summaryTitle} hint={t.summaryHint}>
      {summary.isPending && <LoadingSpinner />}
      {summary.isError && <FailureAlert title={t.loadError} message={describeFailure(summary.error)} />}
      {figures && (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            {figures.map(({ term, value }) => (
              <div key={term} className="grid gap-1 rounded-md border border-stone-200 p-4">
                <dt className="text-sm text-stone-700">{term}</dt>
                <dd className="font-serif text-3xl font-semibold tabular-nums text-stone-900">{value}</dd>
              </div>
            ))}
          </dl>
          <GrowthChart days={summary.data.growth} />
        </>
      )}
    </NewsletterSection>
  );
}
