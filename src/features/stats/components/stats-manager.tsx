import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { adminText } from '@/lib/i18n-admin';
import { statsKeys } from '../api/keys';
import { DEFAULT_PERIOD, getStatsDays, getStatsPages, getStatsSources, type Period } from '../api/stats';
import { formatCount, totalsOf } from '../lib/figures';
import { DaysFigure } from './days-figure';
import { PagesTable } from './pages-table';
import { PeriodChoice } from './period-choice';
import { SourcesPanel } from './sources-panel';
import { StatsEmpty, StatsFailure, StatsSection, StatsTotals } from './stats-section';

/**
 * The admin's "Estatísticas" tab (issue 27): for the chosen period (7, 30
 * or 90 days), the totals, the views and visitors per day as a chart with
 * its table and sentence, the most read pages, and where readers came
 * from, in which language and on which device. Loaded when the tab is
 * opened (admin-panel.tsx): the chart library is for her, not for readers.
 */
export default function StatsManager() {
  const t = adminText.stats;
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const days = useQuery({ queryKey: statsKeys.days(period), queryFn: () => getStatsDays(period) });
  const pages = useQuery({ queryKey: statsKeys.pages(period), queryFn: () => getStatsPages(period) });
  const sources = useQuery({ queryKey: statsKeys.sources(period), queryFn: () => getStatsSources(period) });
  const reads = [days, pages, sources];
  const failed = reads.find((read) => read.isError);
  const totals = days.data && totalsOf(days.data);

  let body;
  if (failed) {
    body = <StatsFailure error={failed.error} onRetry={() => reads.filter((read) => read.isError).forEach((read) => void read.refetch())} />;
  } else if (!days.data || !pages.data || !sources.data || !totals) {
    body = <LoadingSpinner />;
  } else if (totals.views === 0) {
    body = <StatsEmpty message={t.empty(period)} />;
  } else {
    body = (
      <>
        <StatsTotals
          figures={[
            { term: t.totalViews, value: formatCount(totals.views) },
            { term: t.totalVisitors, value: formatCount(totals.visitors) },
          ]}
        />
        <p className="text-sm text-stone-700">{t.visitorsHint}</p>
        <DaysFigure
          days={days.data}
          title={t.chartTitle(period)}
          summary={t.summary(period, formatCount(totals.views), formatCount(totals.visitors))}
          tableCaption={t.daysTable}
        />
      </>
    );
  }

  const counted = totals !== undefined && totals.views > 0 && !failed;
  return (
    <div className="grid max-w-5xl gap-6">
      <StatsSection id="stats-heading" title={t.title} hint={t.hint}>
        <PeriodChoice value={period} onChange={setPeriod} />
        {body}
      </StatsSection>
      {counted && pages.data && (
        <StatsSection id="stats-pages-heading" title={t.pagesTitle} hint={t.pagesHint(period)}>
          <PagesTable pages={pages.data} caption={t.pagesTitle} />
        </StatsSection>
      )}
      {counted && sources.data && (
        <StatsSection id="stats-sources-heading" title={t.sourcesTitle} hint={t.referrersHint}>
          <SourcesPanel sources={sources.data} sideBySide />
        </StatsSection>
      )}
    </div>
  );
}
