import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/features/admin/components/form-field';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { useFeeds } from '../api/feeds';
import { submitJobs, waitForJob } from '../api/jobs';
import { clipKeys } from '../api/keys';
import type { ClipFeed, FeedItem } from '../api/types';
import { isWebAddress } from '../lib/clip-form-values';
import { formatDay, formatInstant } from '../lib/format-day';
import { isAbort, useAbortSignal } from '../lib/use-abort-signal';
import { BatchProgress } from './batch-progress';
import { FailureAlert } from './failure-alert';

interface FeedResult {
  items?: FeedItem[];
  feed_url?: string;
  title?: string;
  feed_id?: string;
}

/**
 * "Página de autor ou feed": a 'feed' job finds the feed and the pieces not
 * yet among her clips; she ticks the ones she wants, which become one batch
 * of 'add' jobs. The feeds she follows are listed with "Verificar novas
 * publicações", which runs the same job on the saved address.
 */
export function FeedImport() {
  const t = adminText.clips.bulk;
  const queryClient = useQueryClient();
  const nextSignal = useAbortSignal();
  const feeds = useFeeds();
  const [address, setAddress] = useState('');
  const [follow, setFollow] = useState(true);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [finding, setFinding] = useState(false);
  const [found, setFound] = useState<{ result: FeedResult; feedId?: string } | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [chooseError, setChooseError] = useState<string>();
  const [batch, setBatch] = useState<string>();
  const foundHeading = useRef<HTMLHeadingElement>(null);

  const find = async (input: string, options: Record<string, unknown>, feedId?: string) => {
    setFailure(undefined);
    setFound(null);
    setBatch(undefined);
    setFinding(true);
    try {
      const { jobs } = await submitJobs([{ kind: 'feed', input, options }]);
      const job = await waitForJob(jobs[0]!, nextSignal());
      const result = (job.result ?? {}) as FeedResult;
      // Drawn now, so the focus finds the heading (a focus left to the next frame could come before it was drawn).
      flushSync(() => {
        setFound({ result, feedId: feedId ?? result.feed_id });
        setChosen(new Set((result.items ?? []).map((item) => item.url)));
      });
      void queryClient.invalidateQueries({ queryKey: clipKeys.feeds() });
      foundHeading.current?.focus();
    } catch (e) {
      if (!isAbort(e)) setFailure(describeFailure(e));
    } finally {
      setFinding(false);
    }
  };

  const submitAddress = (event: FormEvent) => {
    event.preventDefault();
    const url = address.trim();
    if (!isWebAddress(url)) return setError(adminText.clips.validation.url);
    setError(undefined);
    void find(url, { follow });
  };

  const checkFeed = (feed: ClipFeed) => void find(feed.url, { feed_id: feed.id }, feed.id);

  const importChosen = async () => {
    if (!chosen.size) return setChooseError(t.noneChosen);
    setChooseError(undefined);
    try {
      const options = found?.feedId ? { feed_id: found.feedId } : {};
      const submitted = await submitJobs([...chosen].map((input) => ({ kind: 'add' as const, input, options })));
      setBatch(submitted.batch);
      setFound(null);
    } catch (e) {
      setChooseError(describeFailure(e));
    }
  };

  const items = found?.result.items ?? [];
  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={submitAddress} className="grid gap-4">
        <FormField label={t.feedAddress} error={error}>
          {(ids) => <Input {...ids} type="url" inputMode="url" value={address} disabled={finding} onChange={(e) => setAddress(e.target.value)} />}
        </FormField>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} className="h-4 w-4 accent-stone-900" />
          {t.follow}
        </label>
        <Button type="submit" disabled={finding} className="justify-self-start">
          {finding && <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" />}
          {t.findItems}
        </Button>
      </form>
      <p role="status" className="min-h-5 text-sm text-stone-700">{finding && t.finding}</p>
      {failure && <FailureAlert message={failure} />}
      {found && (
        <fieldset className="grid gap-3 rounded-md border border-stone-200 p-4">
          <legend className="px-1">
            <h3 ref={foundHeading} tabIndex={-1} className="font-semibold text-stone-900">
              {items.length ? t.itemsFound(items.length, found.result.title ?? found.result.feed_url ?? '') : t.noItems}
            </h3>
          </legend>
          {items.length > 0 && (
            <>
              <div className="flex gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => setChosen(new Set(items.map((i) => i.url)))}>{t.selectAll}</Button>
                <Button type="button" variant="outline" size="sm" onClick={() => setChosen(new Set())}>{t.selectNone}</Button>
              </div>
              <ul className="grid max-h-72 gap-2 overflow-y-auto">
                {items.map((item) => (
                  <li key={item.url}>
                    <label className="flex items-start gap-2 text-sm text-stone-800">
                      <input
                        type="checkbox"
                        className="mt-0.5 h-4 w-4 accent-stone-900"
                        checked={chosen.has(item.url)}
                        onChange={(e) => {
                          const next = new Set(chosen);
                          if (e.target.checked) next.add(item.url);
                          else next.delete(item.url);
                          setChosen(next);
                        }}
                      />
                      <span className="[overflow-wrap:anywhere]">
                        {item.title || item.url}
                        {item.published_on && <span className="text-stone-600"> · {formatDay(item.published_on)}</span>}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              {chooseError && <FailureAlert message={chooseError} />}
              <Button type="button" className="justify-self-start" onClick={() => void importChosen()}>
                {t.importChosen(chosen.size)}
              </Button>
            </>
          )}
        </fieldset>
      )}
      {batch && <BatchProgress key={batch} batch={batch} />}
      {!!feeds.data?.length && (
        <section aria-labelledby="followed-feeds" className="grid gap-2">
          <h3 id="followed-feeds" className="font-semibold text-stone-900">{t.followed}</h3>
          <ul className="grid gap-2">
            {feeds.data.map((feed) => {
              const name = feed.title || feed.outlet || feed.url;
              return (
                <li key={feed.id} className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-800">
                  <span className="[overflow-wrap:anywhere]">
                    {name} · {feed.last_checked_at ? t.lastChecked(formatInstant(feed.last_checked_at)) : t.neverChecked}
                  </span>
                  <Button type="button" variant="outline" size="sm" disabled={finding} aria-label={t.checkNewLabel(name)} onClick={() => checkFeed(feed)}>
                    {t.checkNew}
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
