import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminText } from '@/lib/i18n-admin';
import { ProgressBar } from '@/features/archive/components/progress-bar';
import { useFocusEffect } from '@/lib/use-focus-effect';
import { importSubscribers, ImportStopped, type ImportTally, type SubscriberLanguage } from '../api/import-subscribers';
import { newsletterKeys } from '../api/keys';
import { describeFailure } from '../api/newsletter-error';
import { CsvAddressError, readCsvAddresses, type CsvAddresses } from '../lib/csv-addresses';
import { readText } from '../lib/read-text';
import { ImportPreview } from './import-preview';
import { FailureAlert, NewsletterSection } from './newsletter-section';

type LanguageChoice = 'pt' | 'en' | 'both';
const LANGUAGES: Record<LanguageChoice, SubscriberLanguage[]> = { pt: ['pt'], en: ['en'], both: ['pt', 'en'] };

interface Read {
  fileName: string;
  read: CsvAddresses;
}

type ImportState =
  | { step: 'idle' }
  | { step: 'reading'; fileName: string }
  | { step: 'unreadable'; message: string }
  | ({ step: 'preview' } & Read)
  | ({ step: 'importing'; done: number } & Read)
  | ({ step: 'stopped'; done: number; message: string } & Read)
  | { step: 'done'; tally: ImportTally };

const t = adminText.newsletter;

function unreadable(error: unknown): string {
  if (error instanceof CsvAddressError) return error.reason === 'no_email_column' ? t.noEmailColumn : t.malformed(error.row ?? 1, error.message);
  return `${adminText.common.unexpectedError}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * "Importar CSV": a subscriber list from another platform. The file is read
 * and summed up (how many addresses, the first few) before anything is
 * written; she picks the languages they receive and must confirm that these
 * people consented there. Then the addresses go in batches, with a progress
 * bar, and the result: added, already on the list, invalid.
 */
export function ImportSubscribers() {
  const queryClient = useQueryClient();
  const id = useId();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const [languages, setLanguages] = useState<LanguageChoice>('pt');
  const [consented, setConsented] = useState(false);
  const [consentError, setConsentError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const consent = useRef<HTMLInputElement>(null);
  const reading = useRef(0);

  // What she has to read next takes the focus: the summary of the file, the result.
  const focusTarget = state.step === 'preview' ? `${id}-found` : state.step === 'done' ? `${id}-done` : null;
  useFocusEffect(() => {
    if (focusTarget) document.getElementById(focusTarget)?.focus();
  }, [focusTarget]);

  async function read(file: File | undefined) {
    const attempt = ++reading.current;
    setConsented(false);
    setConsentError(false);
    if (!file) return setState({ step: 'idle' });
    setState({ step: 'reading', fileName: file.name });
    try {
      const read = readCsvAddresses(await readText(file));
      if (attempt === reading.current) setState({ step: 'preview', fileName: file.name, read });
    } catch (error) {
      if (attempt === reading.current) setState({ step: 'unreadable', message: unreadable(error) });
    }
  }

  async function write({ fileName, read }: Read) {
    const from = { fileName, read };
    if (!consented) {
      setConsentError(true);
      consent.current?.focus();
      return;
    }
    setState({ step: 'importing', ...from, done: 0 });
    try {
      const tally = await importSubscribers(from.read.addresses, LANGUAGES[languages], (done) =>
        setState((s) => (s.step === 'importing' ? { ...s, done } : s)),
      );
      setState({ step: 'done', tally });
    } catch (error) {
      const done = error instanceof ImportStopped ? error.done : 0;
      setState({ step: 'stopped', ...from, done, message: describeFailure(error instanceof ImportStopped ? error.cause : error) });
    } finally {
      void queryClient.invalidateQueries({ queryKey: newsletterKeys.all });
    }
  }

  function another() {
    if (input.current) input.current.value = '';
    setState({ step: 'idle' });
    input.current?.focus();
  }

  const planned = state.step === 'preview' || state.step === 'importing' || state.step === 'stopped' ? state : null;
  const count = planned?.read.addresses.length ?? 0;

  return (
    <NewsletterSection id="newsletter-import-heading" title={t.importTitle} hint={t.importHint}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-file`}>{t.file}</Label>
        <Input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={state.step === 'importing'}
          onChange={(event) => void read(event.target.files?.[0])}
          className="h-auto file:mr-3 file:rounded file:border-0 file:bg-stone-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-stone-900"
        />
      </div>
      <p role="status" className="min-h-5 text-sm text-stone-700">
        {state.step === 'reading' && (
          <span className="inline-flex items-center gap-2">
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            {t.reading(state.fileName)}
          </span>
        )}
      </p>
      {state.step === 'unreadable' && (
        <FailureAlert title={t.readError} message={state.message}>
          <p>{t.nothingWritten}</p>
        </FailureAlert>
      )}
      {planned && <ImportPreview fileName={planned.fileName} read={planned.read} headingId={`${id}-found`} />}
      {planned && count === 0 && <p className="text-sm text-stone-700">{t.noAddresses}</p>}
      {planned && count > 0 && (
        <fieldset disabled={planned.step === 'importing'} className="m-0 grid min-w-0 gap-4 border-0 p-0">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-stone-800">{t.languagesLegend}</legend>
            {(Object.keys(LANGUAGES) as LanguageChoice[]).map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm text-stone-900">
                <input
                  type="radio"
                  name={`${id}-languages`}
                  value={choice}
                  checked={languages === choice}
                  onChange={() => setLanguages(choice)}
                  className="size-4 accent-stone-900"
                />
                {t.languageChoices[choice]}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1">
            <label className="flex items-start gap-2 text-sm text-stone-900">
              <input
                ref={consent}
                type="checkbox"
                required
                checked={consented}
                aria-invalid={consentError || undefined}
                aria-describedby={consentError ? `${id}-consent-error` : undefined}
                onChange={(event) => {
                  setConsented(event.target.checked);
                  if (event.target.checked) setConsentError(false);
                }}
                className="mt-0.5 size-4 shrink-0 accent-stone-900"
              />
              <span>
                {t.consent}
                <span aria-hidden className="ml-0.5 text-red-700">
                  *
                </span>
              </span>
            </label>
            {consentError && (
              <p id={`${id}-consent-error`} className="text-sm text-red-700">
                {t.consentRequired}
              </p>
            )}
          </div>
          <Button type="button" className="justify-self-start" onClick={() => planned.step !== 'importing' && void write(planned)}>
            {planned.step === 'importing' && <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" />}
            {planned.step === 'importing' ? t.importing : t.importButton(count)}
          </Button>
        </fieldset>
      )}
      {planned?.step === 'importing' && <ProgressBar label={t.progressLabel} done={planned.done} total={count} />}
      {planned?.step === 'stopped' && (
        <FailureAlert title={t.importStopped} message={planned.message}>
          <p>{t.importStoppedHint(planned.done, count)}</p>
        </FailureAlert>
      )}
      {state.step === 'done' && (
        <div className="grid gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
          <h3 id={`${id}-done`} tabIndex={-1} className="font-semibold focus:outline-none">
            {t.importDone}
          </h3>
          <ul className="grid gap-0.5">
            <li>{t.added(state.tally.added)}</li>
            <li>{t.already(state.tally.already)}</li>
            <li>{t.invalid(state.tally.invalid)}</li>
          </ul>
          <Button type="button" variant="outline" className="justify-self-start" onClick={another}>
            {t.anotherFile}
          </Button>
        </div>
      )}
    </NewsletterSection>
  );
}
