import { ArrowLeft, History, Loader2 } from 'lucide-react';
import { useId, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { useFocusEffect } from '@/lib/use-focus-effect';
import type { BlogPost } from '../api/get-admin-posts';
import type { Revision } from '../api/post-history';
import { formatScheduledTime } from '../lib/site-time';
import { otherFieldDifferences } from '../lib/version-fields';
import { wordChanges } from '../lib/word-diff';
import { MarkedText } from './marked-text';

const t = adminText.history;

interface Props {
  revision: Revision;
  current: BlogPost;
  restoring: boolean;
  onRestore: () => void;
  onBack: () => void;
}

/**
 * A version beside the current post: the text of each, the differences
 * marked, and the other fields that differ; "Restaurar esta versão" under
 * them. Its heading takes the focus when it opens, so a screen reader starts
 * reading here.
 */
export function RevisionComparison({ revision, current, restoring, onRestore, onBack }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const changes = useMemo(() => wordChanges(revision.content ?? '', current.content ?? ''), [revision.content, current.content]);
  const sameText = changes.every((c) => !c.added && !c.removed);
  const fields = otherFieldDifferences(revision, current);
  useFocusEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden />
          {t.back}
        </Button>
      </div>
      <h4 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900">
        {t.compareTitle(formatScheduledTime(revision.saved_at))}
      </h4>
      {sameText ? (
        <p className="text-sm text-stone-700">{t.sameText}</p>
      ) : (
        <>
          <p className="text-sm text-stone-700">{t.legend}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2 rounded-md border border-stone-200 p-3">
              <h5 className="text-sm font-semibold text-stone-900">{t.thisVersion}</h5>
              <MarkedText changes={changes} side="before" />
            </div>
            <div className="grid content-start gap-2 rounded-md border border-stone-200 p-3">
              <h5 className="text-sm font-semibold text-stone-900">{t.currentVersion}</h5>
              <MarkedText changes={changes} side="after" />
            </div>
          </div>
        </>
      )}
      <div className="grid gap-2">
        <h5 className="text-sm font-semibold text-stone-900">{t.otherFields}</h5>
        {fields.length === 0 ? (
          <p className="text-sm text-stone-700">{t.noOtherFields}</p>
        ) : (
          <dl className="grid gap-2 text-sm">
            {fields.map(({ field, before, after }) => (
              <div key={field} className="grid gap-0.5">
                <dt className="font-medium text-stone-900">{t.fields[field]}</dt>
                <dd className="break-words text-stone-700">{t.fieldChange(before, after)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="grid gap-2 rounded-md border border-stone-200 bg-stone-50/60 p-3">
        <p id={`${headingId}-restore`} className="text-sm text-stone-700">
          {t.restoreHint}
        </p>
        <div>
          <Button type="button" aria-describedby={`${headingId}-restore`} disabled={restoring} onClick={onRestore}>
            {restoring ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : <History aria-hidden />}
            {restoring ? t.restoring : t.restore}
          </Button>
        </div>
      </div>
    </section>
  );
}
