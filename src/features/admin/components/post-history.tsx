import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isEditConflict } from '@/lib/edit-conflict';
import { adminText } from '@/lib/i18n-admin';
import { useFocusEffect } from '@/lib/use-focus-effect';
import type { BlogPost } from '../api/get-admin-posts';
import { historyKeys, useCurrentPost, useRestoreRevision, useRevisions, type Revision } from '../api/post-history';
import { formatScheduledTime } from '../lib/site-time';
import { wordsChanged, type VersionText } from '../lib/word-diff';
import { RevisionComparison } from './revision-comparison';

const t = adminText.history;

interface Props {
  postId: string;
  /** The form holds changes not saved: a restore asks before replacing them. */
  dirty: boolean;
  /** The restore was saved: the post as it is now. */
  onRestored: (post: BlogPost) => void;
}

/**
 * "Histórico" (issue 26): the versions the saves of this post replaced,
 * newest first, 50 at a time, each with the words the next save added and
 * removed; one chosen is compared with the post as it is now and can be
 * restored (a new save, guarded like any other).
 */
export function PostHistory({ postId, dirty, onRestored }: Props) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const current = useCurrentPost(postId);
  const revisions = useRevisions(postId);
  // The version chosen, with the post as it was then: the comparison and the
  // restore's guard keep to what she saw, so a save from another device in
  // between is refused as a conflict, never overwritten (the live panel
  // refetches the current post on every change).
  const [chosen, setChosen] = useState<{ revision: Revision; over: NonNullable<typeof current.data> } | null>(null);
  const [asking, setAsking] = useState(false);
  // After "Voltar", the focus returns to the version she had chosen.
  const [returnTo, setReturnTo] = useState<number | null>(null);

  const restore = useRestoreRevision({
    onSuccess: (post) => {
      toast({ title: t.restored, description: t.restoredDescription });
      setChosen(null);
      onRestored(post);
    },
    onError: (error) => {
      toast({ title: t.restoreError, description: isEditConflict(error) ? t.restoreConflict : adminText.common.unexpectedError, variant: 'destructive' });
      // What is there now, to compare again.
      void queryClient.invalidateQueries({ queryKey: historyKeys.all(postId) });
    },
  });

  const list = useMemo(() => revisions.data?.pages.flatMap((page) => page.revisions) ?? [], [revisions.data]);

  if (current.isPending || revisions.isPending) return <Spinner label={adminText.common.loading} className="py-4" />;
  if (current.isError || revisions.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {t.loadError}
      </p>
    );
  }
  const now = current.data;
  if (!now) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {t.gone}
      </p>
    );
  }

  const doRestore = () => chosen && restore.mutate(chosen);

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {t.heading}
      </h3>
      {chosen ? (
        <>
          {chosen.over.updated_at !== now.updated_at && (
            <p role="status" className="text-sm text-amber-900">
              {t.changedSince}
            </p>
          )}
          <RevisionComparison
            revision={chosen.revision}
            current={chosen.over}
            restoring={restore.isPending}
            onRestore={() => (dirty ? setAsking(true) : doRestore())}
            onBack={() => {
              setReturnTo(chosen.revision.id);
              setChosen(null);
            }}
          />
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">{t.hint}</p>
          <p className="text-sm text-stone-900">{t.current(formatScheduledTime(now.updated_at))}</p>
          {list.length === 0 ? (
            <p className="text-sm text-stone-700">{t.empty}</p>
          ) : (
            <ol aria-label={t.versionsLabel} className="grid gap-1">
              {list.map((revision, i) => (
                <RevisionRow
                  key={revision.id}
                  revision={revision}
                  newer={i === 0 ? now : list[i - 1]!}
                  focusOnMount={returnTo === revision.id}
                  onChoose={() => {
                    setReturnTo(null);
                    setChosen({ revision, over: now });
                  }}
                />
              ))}
            </ol>
          )}
          {revisions.hasNextPage && (
            <div>
              <Button type="button" variant="outline" size="sm" disabled={revisions.isFetchingNextPage} onClick={() => void revisions.fetchNextPage()}>
                {revisions.isFetchingNextPage ? t.loadingMore : t.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogTitle>{t.restoreUnsavedTitle}</AlertDialogTitle>
          <AlertDialogDescription>{t.restoreUnsavedBody}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{adminText.unsaved.keep}</AlertDialogCancel>
            <AlertDialogAction onClick={doRestore}>{t.restoreUnsavedConfirm}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

interface RowProps {
  revision: Revision;
  /** The version that replaced it: the next newer one, or the post as it is now. */
  newer: VersionText;
  focusOnMount: boolean;
  onChoose: () => void;
}

function RevisionRow({ revision, newer, focusOnMount, onChoose }: RowProps) {
  const button = useRef<HTMLButtonElement>(null);
  const { added, removed } = useMemo(() => wordsChanged(revision, newer), [revision, newer]);
  useFocusEffect(() => {
    if (focusOnMount) button.current?.focus();
  }, [focusOnMount]);
  return (
    <li>
      <button
        ref={button}
        type="button"
        onClick={onChoose}
        className="flex w-full flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border border-stone-200 px-3 py-2 text-left text-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
      >
        <span className="font-medium text-stone-900">
          {t.savedAt(formatScheduledTime(revision.saved_at))}
          <span className="sr-only">:</span>
        </span>{' '}
        {added === 0 && removed === 0 ? (
          <span className="text-stone-700">{t.onlyOtherFields}</span>
        ) : (
          <span className="flex gap-3">
            <span aria-hidden className="text-green-800">
              {t.wordsAdded(added)}
            </span>
            <span aria-hidden className="text-red-800">
              {t.wordsRemoved(removed)}
            </span>
            <span className="sr-only">{t.wordsSummary(added, removed)}</span>
          </span>
        )}
      </button>
    </li>
  );
}
