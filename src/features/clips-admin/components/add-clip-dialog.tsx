import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Plus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { FormField } from '@/features/admin/components/form-field';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { submitJobs, waitForJob } from '../api/jobs';
import { clipKeys } from '../api/keys';
import { saveNewClip } from '../api/save-clip';
import type { PreviewResult } from '../api/types';
import {
  emptyClipForm,
  isWebAddress,
  previewToFormValues,
  toClipFields,
  validateClipForm,
  type ClipFormErrors,
  type ClipFormValues,
} from '../lib/clip-form-values';
import { isAbort, useAbortSignal } from '../lib/use-abort-signal';
import { ClipForm } from './clip-form';
import { FailureAlert } from './failure-alert';

type Step = 'address' | 'form';

/**
 * "Adicionar publicação": she pastes the address, a 'preview' job reads the
 * page (polled every second), the form comes back filled for her to check;
 * or she types it all by hand. Nothing she typed is lost on a failure: the
 * dialog stays open with the reason above her fields.
 */
function AddClipContent({ onDone }: { onDone: () => void }) {
  const t = adminText.clips;
  const queryClient = useQueryClient();
  const nextSignal = useAbortSignal();
  const [step, setStep] = useState<Step>('address');
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const [fetching, setFetching] = useState(false);
  const [fetchError, setFetchError] = useState<string>();
  const [previewed, setPreviewed] = useState(false);
  const [values, setValues] = useState<ClipFormValues>(emptyClipForm);
  const [errors, setErrors] = useState<ClipFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const formTop = useRef<HTMLParagraphElement>(null);
  const form = useRef<HTMLFormElement>(null);

  const showForm = (next: ClipFormValues, found: boolean) => {
    // Drawn now, so the focus below finds the form: a focus left to the next
    // frame could come before React had drawn the note, and went nowhere
    // (an e2e run on a busy machine).
    flushSync(() => {
      setValues(next);
      setPreviewed(found);
      setStep('form');
    });
    // Found: she reads the note first; by hand: she starts typing in the first field.
    (found ? formTop.current : form.current?.querySelector('input'))?.focus();
  };

  const fetchPage = async (event: FormEvent) => {
    event.preventDefault();
    const url = address.trim();
    if (!isWebAddress(url)) {
      setAddressError(t.validation.url);
      return;
    }
    setAddressError(undefined);
    setFetchError(undefined);
    setFetching(true);
    try {
      const { jobs } = await submitJobs([{ kind: 'preview', input: url }]);
      const job = await waitForJob(jobs[0]!, nextSignal());
      showForm(previewToFormValues(url, (job.result ?? {}) as PreviewResult), true);
    } catch (error) {
      if (!isAbort(error)) setFetchError(t.add.notFound(describeFailure(error)));
    } finally {
      setFetching(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateClipForm(values);
    setErrors(found);
    if (Object.keys(found).length) {
      setSaveError(t.validation.fixBelow);
      return;
    }
    setSaveError(undefined);
    setSaving(true);
    try {
      await saveNewClip(toClipFields(values), { previewed });
      toast({ title: t.added, description: values.title.trim() });
      await queryClient.invalidateQueries({ queryKey: clipKeys.all });
      onDone();
    } catch (error) {
      setSaveError(describeFailure(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.add.title}</DialogTitle>
        <DialogDescription>{t.add.description}</DialogDescription>
      </DialogHeader>
      <p role="status" className="min-h-5 text-sm text-stone-700">
        {fetching && t.add.fetching}
        {saving && t.form.saving}
      </p>
      {step === 'address' ? (
        <form noValidate onSubmit={fetchPage} className="grid gap-4">
          <FormField label={t.add.address} error={addressError}>
            {(ids) => (
              <Input {...ids} type="url" inputMode="url" autoComplete="off" value={address} disabled={fetching} onChange={(e) => setAddress(e.target.value)} />
            )}
          </FormField>
          {fetchError && <FailureAlert message={fetchError} />}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={fetching} onClick={() => showForm({ ...emptyClipForm(), url: address.trim() }, false)}>
              {t.add.byHand}
            </Button>
            <Button type="submit" disabled={fetching}>
              {fetching && <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" />}
              {t.add.fetch}
            </Button>
          </DialogFooter>
        </form>
      ) : (
        <form ref={form} noValidate onSubmit={save} className="grid gap-4">
          {previewed && (
            <p ref={formTop} tabIndex={-1} className="text-sm text-stone-700 focus-visible:outline-2 focus-visible:outline-stone-900">
              {t.add.found}
            </p>
          )}
          {saveError && <FailureAlert message={saveError} />}
          <ClipForm values={values} errors={errors} onChange={setValues} disabled={saving} />
          <DialogFooter>
            <Button type="submit" disabled={saving}>
              {saving && <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" />}
              {saving ? t.form.saving : t.form.save}
            </Button>
          </DialogFooter>
        </form>
      )}
    </>
  );
}

export function AddClipDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          {adminText.clips.actions.add}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={adminText.common.close} className="max-w-3xl">
        <AddClipContent onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
