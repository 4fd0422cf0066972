import { Loader2, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useUpdateSetting } from '@/features/settings/api/update-setting';
import type { SiteSetting } from '@/features/settings/api/get-settings';
import { isEditConflict } from '@/lib/edit-conflict';
import { adminText } from '@/lib/i18n-admin';
import { isLanguage } from '@/lib/language';
import { isMultilineSetting } from '../lib/is-multiline-setting';

/**
 * One setting: its key, description and an editor. The local edit lives here
 * until 'Salvar' succeeds (then the refreshed value takes over); a failed save
 * keeps it so nothing typed is lost.
 */
export function SettingCard({ setting }: { setting: SiteSetting }) {
  const id = useId();
  const [draft, setDraft] = useState<string>();
  // The version her typing started from: a save over a newer one is refused (issue 15).
  const [base, setBase] = useState<string>();
  const [conflict, setConflict] = useState<SiteSetting | null>(null);
  const value = draft ?? setting.value;
  const changed = draft !== undefined && draft !== setting.value;
  const update = useUpdateSetting({
    onSuccess: () => toast({ title: adminText.toast.settingUpdated, description: adminText.toast.settingUpdatedDescription }),
    onError: (error) => {
      if (isEditConflict<SiteSetting>(error)) {
        setConflict(error.latest);
        return toast({ title: adminText.conflict.setting, description: adminText.conflict.description, variant: 'destructive' });
      }
      toast({ title: adminText.toast.settingError, description: error.message, variant: 'destructive' });
    },
  });

  function edit(next: string) {
    if (draft === undefined) setBase(setting.updated_at);
    setDraft(next);
  }

  function save(over = base) {
    if (draft === undefined || !isLanguage(setting.language)) return;
    setConflict(null);
    update.mutate(
      { id: setting.id, value: draft, language: setting.language, loadedUpdatedAt: over },
      { onSuccess: () => setDraft(undefined) },
    );
  }

  // Judged on the stored value: switching element while typing would drop the focus.
  const Field = isMultilineSetting(setting.key, setting.value) ? Textarea : Input;
  return (
    <Card>
      <CardHeader className="pb-2">
        <Label htmlFor={id} className="font-mono text-sm font-semibold">
          {setting.key}
        </Label>
        {setting.description && <CardDescription id={`${id}-description`}>{setting.description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-3">
        <Field
          id={id}
          aria-describedby={setting.description ? `${id}-description` : undefined}
          className={Field === Textarea ? 'min-h-[100px]' : undefined}
          value={value}
          onChange={(e) => edit(e.target.value)}
        />
        {conflict && (
          <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-semibold">{adminText.conflict.setting}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setDraft(undefined);
                  setConflict(null);
                }}
              >
                {adminText.conflict.loadOther}
              </Button>
              <Button size="sm" onClick={() => save(conflict.updated_at)}>
                {adminText.conflict.overwrite}
              </Button>
            </div>
          </div>
        )}
        {changed && !conflict && (
          <Button className="justify-self-end" size="sm" onClick={() => save()} disabled={update.isPending}>
            {update.isPending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : <Save aria-hidden />}
            {adminText.settings.save}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
