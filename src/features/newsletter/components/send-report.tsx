import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { adminText } from '@/lib/i18n-admin';
import { isLanguage } from '@/lib/language';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { formatScheduledTime } from '@/features/admin/lib/site-time';
import { newsletterKeys } from '../api/keys';
import { describeFailure } from '../api/newsletter-error';
import { getSendProgress, type PostSendProgress } from '../api/send-progress';
import { FailureAlert, NewsletterSection } from './newsletter-section';

/** While mails wait, the report asks again this often, so she watches a send go out. */
export const SEND_REFRESH_MS = 4000;
/**
 * Otherwise, this often: a post published a moment ago is queued by the
 * mail worker on its next round, which no change of hers announces.
 */
export const IDLE_REFRESH_MS = 30_000;

const stillSending = (rows: readonly PostSendProgress[] | undefined) => rows?.some((row) => row.waiting > 0) ?? false;

/** "Envios": each post mailed to the subscribers, when, to how many, and how many were sent, failed or wait. */
export function SendReport({ refreshMs = SEND_REFRESH_MS, idleRefreshMs = IDLE_REFRESH_MS }: { refreshMs?: number; idleRefreshMs?: number }) {
  const t = adminText.newsletter;
  const c = t.sendColumns;
  const sends = useQuery({
    queryKey: newsletterKeys.sends(),
    queryFn: getSendProgress,
    refetchInterval: (query) => (stillSending(query.state.data) ? refreshMs : idleRefreshMs),
  });
  const rows = sends.data ?? [];
  return (
    <NewsletterSection id="newsletter-sends-heading" title={t.sendsTitle} hint={t.sendsHint}>
      {sends.isPending && <LoadingSpinner />}
      {sends.isError && <FailureAlert title={t.sendsLoadError} message={describeFailure(sends.error)} />}
      {sends.isSuccess && rows.length === 0 && <p className="text-sm text-stone-700">{t.sendsEmpty}</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t.sendsTitle}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                <th scope="col" className="py-2 pr-4 font-medium">{c.post}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{c.language}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{c.queuedAt}</th>
                {(['recipients', 'sent', 'failed', 'waiting', 'cancelled'] as const).map((key) => (
                  <th key={key} scope="col" className="py-2 pr-4 text-right font-medium">
                    {c[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.post_id} className="border-b border-stone-100 align-top">
                  <th scope="row" className="py-2 pr-4 font-medium text-stone-900">
                    {row.title}
                    {row.waiting > 0 && (
                      <span className="ml-2 inline-flex items-center gap-1 font-normal text-stone-700">
                        <Loader2 aria-hidden className="size-3 animate-spin motion-reduce:animate-none" />
                        {t.sendingNow}
                      </span>
                    )}
                  </th>
                  <td className="py-2 pr-4">{isLanguage(row.language) ? t.languageNames[row.language] : row.language}</td>
                  <td className="py-2 pr-4">{formatScheduledTime(row.queued_at)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.recipients}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.sent}</td>
                  <td className={`py-2 pr-4 text-right tabular-nums ${row.failed > 0 ? 'font-semibold text-red-800' : ''}`}>{row.failed}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.waiting}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{row.cancelled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </NewsletterSection>
  );
}
