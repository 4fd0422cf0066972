import { useQuery } from '@tanstack/react-query';
import { adminText } from '@/lib/i18n-admin';
import { FigureTotals } from '@/features/admin/components/figure-totals';
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
          <FigureTotals figures={figures} className="sm:grid-cols-3" />
          <GrowthChart days={summary.data.growth} />
        </>
      )}
    </NewsletterSection>
  );
}
