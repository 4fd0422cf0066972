import { useQuery } from '@tanstack/react-query';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { adminText } from '@/lib/i18n-admin';
import { statsKeys } from '../api/keys';
import { getPostDays, getStatsSources } from '../api/stats';
import { formatCount, totalsOf } from '../lib/figures';
import { DaysFigure } from './days-figure';
import { SourcesPanel } from './sources-panel';
import { StatsEmpty, StatsFailure, StatsTotals } from './stats-section';

/**
 * One post's statistics since its publication, the body of its dialog:
 * totals, the chart per day with its table (the days that had views: a
 * post of years ago has thousands of days) and sentence, then where its
 * readers came from and on which device. Read afresh each time it opens.
 */
export default function PostStats({ postId }: { postId: string }) {
  const t = adminText.stats;
  const days = useQuery({ queryKey: statsKeys.postDays(postId), queryFn: () => getPostDays(postId), refetchOnMount: 'always' });
  // Its sources over the same days as its chart: from its publication to today.
  const span = days.data?.length ?? 0;
  const sources = useQuery({
    queryKey: statsKeys.postSources(postId, span),
    queryFn: () => getStatsSources(span, postId),
    enabled: span > 0,
    refetchOnMount: 'always',
  });
  const failed = days.isError ? days : sources.isError ? sources : undefined;
  if (failed) return <StatsFailure error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!days.data) return <LoadingSpinner />;
  const totals = totalsOf(days.data);
  if (totals.views === 0) return <StatsEmpty message={t.postEmpty} />;
  if (!sources.data) return <LoadingSpinner />;
  return (
    <div className="grid min-w-0 gap-6">
      <StatsTotals
        figures={[
          { term: t.totalViews, value: formatCount(totals.views) },
          { term: t.totalVisitors, value: formatCount(totals.visitors) },
        ]}
      />
      <DaysFigure
        days={days.data}
        title={t.postChartTitle}
        summary={t.postSummary(days.data.length, formatCount(totals.views), formatCount(totals.visitors))}
        tableCaption={t.daysWithViewsTable}
        tableDays={days.data.filter((day) => day.views > 0)}
      />
      <SourcesPanel sources={sources.data} kinds={['referrer', 'device']} />
    </div>
  );
}
