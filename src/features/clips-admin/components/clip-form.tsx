import { useId, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { adminText } from '@/lib/i18n-admin';
import { FormField } from '@/features/admin/components/form-field';
import type { ClipFormErrors, ClipFormValues } from '../lib/clip-form-values';

interface ClipFormProps {
  values: ClipFormValues;
  errors: ClipFormErrors;
  onChange: (values: ClipFormValues) => void;
  /** Print clips have no address. */
  withUrl?: boolean;
  /** "Mostrar cópia arquivada" is offered only for a clip that has a copy. */
  withArchive?: boolean;
  disabled?: boolean;
}

function ToggleRow({ id, label, hint, checked, onChange, disabled }: { id: string; label: string; hint?: ReactNode; checked: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} aria-describedby={hint ? `${id}-hint` : undefined} />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && <p id={`${id}-hint`} className="text-sm text-stone-600">{hint}</p>}
      </div>
    </div>
  );
}

/** Every field of a clip she may write (the contract's), each labelled, its error said with it. */
export function ClipForm({ values, errors, onChange, withUrl = true, withArchive = false, disabled }: ClipFormProps) {
  const t = adminText.clips;
  const f = t.form;
  const id = useId();
  const set = <K extends keyof ClipFormValues>(key: K) => (value: ClipFormValues[K]) => onChange({ ...values, [key]: value });
  const text = (key: keyof ClipFormValues) => ({
    value: values[key] as string,
    disabled,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value as never),
  });
  return (
    <div className="grid gap-4">
      {withUrl && (
        <FormField label={f.url} error={errors.url} description={f.urlHint}>
          {(ids) => <Input {...ids} type="url" inputMode="url" autoComplete="off" {...text('url')} />}
        </FormField>
      )}
      <FormField label={f.title} required error={errors.title}>
        {(ids) => <Input {...ids} aria-required {...text('title')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={f.outlet} description={f.outletHint}>
          {(ids) => <Input {...ids} {...text('outlet')} />}
        </FormField>
        <FormField label={f.outletLogo} error={errors.outlet_logo_url}>
          {(ids) => <Input {...ids} type="url" {...text('outlet_logo_url')} />}
        </FormField>
        <FormField label={f.byline} description={f.bylineHint}>
          {(ids) => <Input {...ids} {...text('byline')} />}
        </FormField>
        <FormField label={f.date} error={errors.published_on}>
          {(ids) => <Input {...ids} type="date" {...text('published_on')} />}
        </FormField>
        <FormField label={f.language} required>
          {(ids) => (
            <Select {...ids} value={values.language} disabled={disabled} onChange={(e) => set('language')(e.target.value === 'en' ? 'en' : 'pt')}>
              <option value="pt">{t.languageName.pt}</option>
              <option value="en">{t.languageName.en}</option>
            </Select>
          )}
        </FormField>
        <FormField label={f.status}>
          {(ids) => (
            <Select {...ids} value={values.status} disabled={disabled} onChange={(e) => set('status')(e.target.value === 'hidden' ? 'hidden' : 'published')}>
              <option value="published">{t.status.published}</option>
              <option value="hidden">{t.status.hidden}</option>
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={f.summary}>
        {(ids) => <Textarea {...ids} rows={3} {...text('summary')} />}
      </FormField>
      <FormField label={f.imageAlt}>
        {(ids) => <Input {...ids} {...text('image_alt')} />}
      </FormField>
      <div className="grid gap-3">
        <ToggleRow id={`${id}-featured`} label={t.featured} checked={values.featured} onChange={set('featured')} disabled={disabled} />
        {withArchive && (
          <ToggleRow id={`${id}-archive`} label={t.showArchive} hint={t.showArchiveHint} checked={values.show_archive} onChange={set('show_archive')} disabled={disabled} />
        )}
        <ToggleRow id={`${id}-newsletter`} label={t.newsletter} hint={t.newsletterHint} checked={values.newsletter} onChange={set('newsletter')} disabled={disabled} />
      </div>
    </div>
  );
}
