import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { isPending, readBatch } from '../api/jobs';
import { clipKeys } from '../api/keys';
import type { ClipJob } from '../api/types';
import { FailureAlert } from './failure-alert';

interface CsvResult {
  added?: number;
  refused?: { line: number; reason: string }[];
}

/** The batch's figures: a CSV job counts its lines, other jobs count themselves. */
function tally(jobs: ClipJob[]) {
  let done = 0;
  let failed = 0;
  let waiting = 0;
  const failures: string[] = [];
  const t = adminText.clips;
  for (const job of jobs) {
    if (isPending(job)) waiting += 1;
    else if (job.state === 'failed') {
      failed += 1;
      failures.push(t.progress.failure(job.input && job.kind !== 'csv' ? job.input : t.bulk.csvTab, job.error ?? ''));
    } else if (job.kind === 'csv') {
      const result = (job.result ?? {}) as CsvResult;
      done += result.added ?? 0;
      for (const r of result.refused ?? []) {
        failed += 1;
        failures.push(t.bulk.csvRefusedLine(r.line, r.reason));
      }
    } else done += 1;
  }
  return { done, failed, waiting, failures };
}

/**
 * Where a submission stands, read every second while any of its jobs waits:
 * done / failed / waiting, then each failure with its reason. The figures
 * are a polite live region, so a screen reader hears them change.
 */
export function BatchProgress({ batch }: { batch: string }) {
  const t = adminText.clips.progress;
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: clipKeys.batch(batch),
    queryFn: () => readBatch(batch),
    refetchInterval: (query) => (!query.state.data || query.state.data.some(isPending) ? 1000 : false),
    staleTime: 0,
  });
  const figures = tally(jobs.data ?? []);
  const finished = jobs.isSuccess && figures.waiting === 0;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: clipKeys.list() });
  }, [finished, queryClient]);
  if (jobs.isError) return <FailureAlert message={describeFailure(jobs.error)} />;
  return (
    <section aria-labelledby={`progress-${batch}`} className="grid gap-2 rounded-md border border-stone-200 bg-stone-50 p-4">
      <h3 id={`progress-${batch}`} className="font-semibold text-stone-900">{t.title}</h3>
      <p role="status" className="text-sm text-stone-800">
        {jobs.isSuccess && (finished ? t.finished(figures.done, figures.failed) : t.summary(figures.done, figures.failed, figures.waiting))}
      </p>
      {figures.failures.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-sm font-semibold text-red-800">{t.failures}</h4>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-red-800 [overflow-wrap:anywhere]">
            {figures.failures.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
