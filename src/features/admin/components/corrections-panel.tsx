import { Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
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
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { CORRECTION_MAX_LENGTH, useAddCorrection, useCorrections, useWithdrawCorrection, type Correction } from '../api/corrections';
import { dbRefusal } from '../lib/describe-db-error';
import { formatScheduledTime } from '../lib/site-time';
import { FormField } from './form-field';

const t = adminText.corrections;

function describe(error: unknown): string {
  const refusal = dbRefusal(error);
  // Row-level security lets her correct only a published post: a refusal here is that, or her session.
  if (refusal === 'rights') return `${t.errors.unpublished} ${t.errors.rights}`;
  if (refusal === 'check') return t.errors.length;
  if (refusal === 'network') return t.errors.network;
  return t.errors.other;
}

/**
 * "Adicionar correção" (issue 26), for a published post: a dated public
 * note at the end of the post, said so before she writes it, with the
 * corrections already there (each can be withdrawn, after a question).
 */
export function CorrectionsPanel({ postId }: { postId: string }) {
  const headingId = useId();
  const listHeadingId = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [withdrawing, setWithdrawing] = useState<Correction | null>(null);
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const corrections = useCorrections(postId);

  const add = useAddCorrection({
    onSuccess: () => {
      setNote('');
      toast({ title: t.added, description: t.addedDescription });
    },
    onError: (error) => toast({ title: t.addError, description: describe(error), variant: 'destructive' }),
  });
  const withdraw = useWithdrawCorrection({
    onSuccess: () => {
      toast({ title: t.withdrawn, description: t.withdrawnDescription });
      listHeading.current?.focus();
    },
    onError: (error) => toast({ title: t.withdrawError, description: describe(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!note.trim()) {
      setNoteError(t.required);
      noteInput.current?.focus();
      return;
    }
    add.mutate({ postId, note });
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {t.heading}
      </h3>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <FormField
          label={t.note}
          error={noteError}
          description={
            <>
              <span>{t.hint}</span>{' '}
              <span>{t.counter(note.length, CORRECTION_MAX_LENGTH)}</span>
            </>
          }
        >
          {(ids) => (
            <Textarea
              {...ids}
              ref={noteInput}
              rows={3}
              maxLength={CORRECTION_MAX_LENGTH}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteError(undefined);
              }}
            />
          )}
        </FormField>
        <div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
            {add.isPending ? t.adding : t.add}
          </Button>
        </div>
      </form>
      <div className="grid gap-2">
        <h4 id={listHeadingId} ref={listHeading} tabIndex={-1} className="text-sm font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-stone-900">
          {t.listHeading}
        </h4>
        {corrections.isPending ? (
          <Spinner label={adminText.common.loading} className="py-2" />
        ) : corrections.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {t.loadError}
          </p>
        ) : corrections.data.length === 0 ? (
          <p className="text-sm text-stone-700">{t.none}</p>
        ) : (
          <ol aria-labelledby={listHeadingId} className="grid gap-1">
            {corrections.data.map((correction) => {
              const when = formatScheduledTime(correction.created_at);
              return (
                <li key={correction.id} className="flex items-start justify-between gap-3 rounded-md border border-stone-200 px-3 py-2 text-sm">
                  <p className="min-w-0 break-words text-stone-900">
                    <span className="font-medium">{when}: </span>
                    {correction.note}
                  </p>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t.withdrawLabel(when)}
                    disabled={withdraw.isPending}
                    onClick={() => setWithdrawing(correction)}
                  >
                    <Trash2 aria-hidden className="text-red-700" />
                    {t.withdraw}
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <AlertDialog open={withdrawing !== null} onOpenChange={(open) => !open && setWithdrawing(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{t.withdrawTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {withdrawing && `“${withdrawing.note}” `}
            {t.withdrawBody}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{adminText.common.cancel}</AlertDialogCancel>
            <AlertDialogAction onClick={() => withdrawing && withdraw.mutate(withdrawing.id)}>{t.withdrawConfirm}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
