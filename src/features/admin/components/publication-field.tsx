import { useId, useRef, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { adminText } from '@/lib/i18n-admin';
import { scheduledInstant, type PostFormValues } from '../lib/post-form-values';
import { defaultScheduleTime, formatScheduledTime } from '../lib/site-time';

type PublicationValues = Pick<PostFormValues, 'publication' | 'scheduleDate' | 'scheduleTime'>;

interface Props {
  values: PublicationValues;
  onChange: (values: Partial<PublicationValues>) => void;
  /** The post is on the site now (scheduling it takes it down until then). */
  live: boolean;
  /** Announced with the date and time, shown in red below them. */
  error?: string;
  dateRef?: Ref<HTMLInputElement>;
}

/**
 * "Publicado" and, beside it, "Agendar" (issue 23): two switches of which at
 * most one is on (both off: a draft). "Agendar" shows a date and a time on
 * Brasília's clocks, the time zone said in their names, and the moment they
 * name in words. A status line (a polite live region) says what saving will
 * do, so turning one switch on is heard turning the other off.
 */
export function PublicationField({ values, onChange, live, error, dateRef }: Props) {
  const t = adminText.postForm;
  const id = useId();
  const scheduleSwitch = useRef<HTMLButtonElement>(null);
  const scheduled = values.publication === 'scheduled';
  const at = scheduled ? scheduledInstant(values) : null;
  const summaryId = `${id}-summary`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, at && summaryId].filter(Boolean).join(' ') || undefined;
  const field = { 'aria-describedby': describedBy, 'aria-invalid': error ? (true as const) : undefined };

  function schedule(on: boolean) {
    if (!on) return onChange({ publication: 'draft' });
    const fill = !values.scheduleDate || !values.scheduleTime ? defaultScheduleTime() : null;
    onChange({ publication: 'scheduled', ...(fill && { scheduleDate: fill.date, scheduleTime: fill.time }) });
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">{t.publication}</legend>
      <div className="flex flex-wrap items-center gap-x-8 gap-y-3">
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-published`}
            checked={values.publication === 'now'}
            onCheckedChange={(on) => onChange({ publication: on ? 'now' : 'draft' })}
          />
          <Label htmlFor={`${id}-published`}>{t.published}</Label>
        </div>
        <div className="flex items-center gap-3">
          <Switch id={`${id}-schedule`} ref={scheduleSwitch} checked={scheduled} onCheckedChange={schedule} />
          <Label htmlFor={`${id}-schedule`}>{t.schedule}</Label>
        </div>
      </div>
      {scheduled && (
        <fieldset className="grid gap-3 rounded-md border border-stone-200 p-4">
          <legend className="px-1 text-sm font-medium text-stone-800">{t.scheduleLegend}</legend>
          <div className="flex flex-wrap items-end gap-4">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-date`}>{t.scheduleDate}</Label>
              <Input
                {...field}
                id={`${id}-date`}
                ref={dateRef}
                name="scheduleDate"
                type="date"
                className="w-44"
                value={values.scheduleDate}
                onChange={(e) => onChange({ scheduleDate: e.target.value })}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-time`}>{t.scheduleTime}</Label>
              <Input
                {...field}
                id={`${id}-time`}
                name="scheduleTime"
                type="time"
                className="w-32"
                value={values.scheduleTime}
                onChange={(e) => onChange({ scheduleTime: e.target.value })}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                onChange({ publication: 'draft' });
                scheduleSwitch.current?.focus();
              }}
            >
              {t.cancelSchedule}
            </Button>
          </div>
          {error && (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          )}
          {at && (
            <p id={summaryId} className="text-sm text-stone-700">
              {t.scheduleSummary(formatScheduledTime(at))}
            </p>
          )}
          {live && <p className="text-sm text-amber-900">{t.scheduleTakesDown}</p>}
        </fieldset>
      )}
      <p role="status" className="text-sm text-stone-600">
        {{ draft: t.statusDraft, now: t.statusPublished, scheduled: t.statusScheduled }[values.publication]}
      </p>
    </fieldset>
  );
}
