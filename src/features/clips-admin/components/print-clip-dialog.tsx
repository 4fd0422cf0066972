import { useQueryClient } from '@tanstack/react-query';
import { FileUp, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { FormField } from '@/features/admin/components/form-field';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { clipKeys } from '../api/keys';
import { printFileProblem, savePrintClip } from '../api/upload-print';
import { emptyClipForm, toClipFields, validateClipForm, type ClipFormErrors } from '../lib/clip-form-values';
import { ClipForm } from './clip-form';
import { FailureAlert } from './failure-alert';

function PrintClipContent({ onDone }: { onDone: () => void }) {
  const t = adminText.clips;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [values, setValues] = useState(emptyClipForm);
  const [errors, setErrors] = useState<ClipFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = printFileProblem(file);
    const found = validateClipForm({ ...values, url: '' });
    setFileError(problem);
    setErrors(found);
    if (problem || Object.keys(found).length) return setSaveError(t.validation.fixBelow);
    setSaveError(undefined);
    setSaving(true);
    try {
      await savePrintClip(file!, toClipFields({ ...values, url: '' }));
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
    <form noValidate onSubmit={save} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t.printUpload.title}</DialogTitle>
        <DialogDescription>{t.printUpload.description}</DialogDescription>
      </DialogHeader>
      {saveError && <FailureAlert message={saveError} />}
      <FormField label={t.printUpload.file} required error={fileError}>
        {(ids) => (
          <Input {...ids} type="file" accept="application/pdf,image/jpeg,image/png,image/webp" disabled={saving} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        )}
      </FormField>
      <ClipForm values={values} errors={errors} onChange={setValues} withUrl={false} disabled={saving} />
      <p role="status" className="sr-only">{saving && t.form.saving}</p>
      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving && <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" />}
          {saving ? t.form.saving : t.form.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Adicionar impresso": a PDF or image of the printed page, with the fields typed by her. */
export function PrintClipDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileUp aria-hidden />
          {adminText.clips.actions.print}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={adminText.common.close} className="max-w-3xl">
        <PrintClipContent onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
