import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { updateClip } from '../api/clips';
import { clipKeys } from '../api/keys';
import type { Clip } from '../api/types';
import { clipToFormValues, toClipFields, validateClipForm, type ClipFormErrors } from '../lib/clip-form-values';
import { hasCopy } from '../lib/clip-facts';
import { ClipForm } from './clip-form';
import { FailureAlert } from './failure-alert';

function EditClipContent({ clip, onDone }: { clip: Clip; onDone: () => void }) {
  const t = adminText.clips;
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => clipToFormValues(clip));
  const [errors, setErrors] = useState<ClipFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const web = clip.kind === 'web';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateClipForm(values, { urlRequired: web });
    setErrors(found);
    if (Object.keys(found).length) return setSaveError(t.validation.fixBelow);
    setSaveError(undefined);
    setSaving(true);
    try {
      const fields = toClipFields(values);
      await updateClip(clip.id, { ...fields, url: web ? fields.url : null, show_archive: hasCopy(clip) && values.show_archive });
      toast({ title: t.saved, description: fields.title });
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
        <DialogTitle>{t.add.editTitle}</DialogTitle>
      </DialogHeader>
      {saveError && <FailureAlert message={saveError} />}
      <ClipForm values={values} errors={errors} onChange={setValues} withUrl={web} withArchive={hasCopy(clip)} disabled={saving} />
      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving && <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" />}
          {saving ? t.form.saving : t.form.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Editar": every field of the contract, the switches included; a refusal keeps her changes in the open dialog. */
export function EditClipDialog({ clip }: { clip: Clip }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={adminText.clips.edit(clip.title)}>
          <Pencil aria-hidden />
          {adminText.clips.editShort}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={adminText.common.close} className="max-w-3xl" aria-describedby={undefined}>
        <EditClipContent clip={clip} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
