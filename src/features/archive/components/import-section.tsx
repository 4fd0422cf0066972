import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { postKeys } from '@/features/posts/api/keys';
import { settingsKeys } from '@/features/settings/api/keys';
import { adminText } from '@/lib/i18n-admin';
import { supabase } from '@/lib/supabase';
import { importArchive, ImportWriteError, type ImportReport } from '../api/import-archive';
import { planOf, UnreadableFile, type ReadFile } from '../browser/read-answer';
import { readArchiveFile } from '../browser/read-file';
import { sizeImage } from '../browser/size-image';
import { summarizePlan, type PlanSummary } from '../lib/summary';
import { ArchiveSection } from './archive-section';
import { initialChoices, type ImportChoices } from './import-choices';
import { ImportReportView } from './import-report';
import { PlanPreview } from './plan-preview';
import { ProgressBar } from './progress-bar';
import { demoPostsKey, useDemoPosts } from './use-demo-posts';
import { WriteFailure } from './write-failure';

type ImportState =
  | { step: 'idle' }
  | { step: 'reading'; fileName: string }
  | { step: 'unreadable'; message: string }
  | { step: 'preview'; read: ReadFile; summary: PlanSummary; choices: ImportChoices }
  | { step: 'importing'; read: ReadFile; summary: PlanSummary; choices: ImportChoices; done: number; total: number }
  | { step: 'failed'; read: ReadFile; summary: PlanSummary; choices: ImportChoices; message: string; written: number }
  | { step: 'done'; report: ImportReport };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Importar posts": she chooses a file; it is read in full (in a worker) and
 * summed up, with her choices of language and categories, before anything is
 * written; "Importar N posts" writes it with a progress bar; then the report.
 * A file it cannot read says why and writes nothing; a write that fails
 * halfway says that importing the same file again completes it.
 */
export function ImportSection() {
  const t = adminText.archive;
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const reading = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const demoPosts = useDemoPosts().data ?? 0;

  async function read(file: File | undefined) {
    reading.current?.abort();
    if (!file) return;
    const controller = new AbortController();
    reading.current = controller;
    setState({ step: 'reading', fileName: file.name });
    try {
      const read = await readArchiveFile(file, controller.signal);
      if (controller.signal.aborted) return;
      const summary = summarizePlan(read.plan);
      setState({ step: 'preview', read, summary, choices: initialChoices(summary) });
    } catch (error) {
      if (controller.signal.aborted) return;
      const described = error instanceof UnreadableFile && error.code !== null;
      const message = described ? error.message : `${adminText.common.unexpectedError}: ${messageOf(error)}`;
      setState({ step: 'unreadable', message });
    }
  }

  async function write(from: Extract<ImportState, { step: 'preview' | 'failed' }>) {
    const { read, summary, choices } = from;
    setState({ step: 'importing', read, summary, choices, done: 0, total: 0 });
    try {
      const report = await importArchive(supabase, planOf(read), {
        language: choices.language,
        categoryMap: choices.categoryMap,
        replace: read.plan.source === 'backup' && choices.replace,
        removeDemo: read.plan.source === 'backup' && demoPosts > 0 && choices.removeDemo,
        sizeImage,
        onProgress: (done, total) => setState((s) => (s.step === 'importing' ? { ...s, done, total } : s)),
      });
      setState({ step: 'done', report });
    } catch (error) {
      setState({ step: 'failed', read, summary, choices, message: messageOf(error), written: error instanceof ImportWriteError ? error.written : 0 });
    } finally {
      // What was written shows in the Posts tab, whether the import finished or not.
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: demoPostsKey });
      if (read.plan.settings?.length) void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    }
  }

  function another() {
    if (input.current) input.current.value = '';
    setState({ step: 'idle' });
    input.current?.focus();
  }

  const planned = state.step === 'preview' || state.step === 'importing' || state.step === 'failed' ? state : null;
  const postCount = planned?.summary.posts ?? 0;
  const somethingToImport = planned !== null && (postCount > 0 || planned.summary.settings > 0 || planned.summary.storedObjects > 0);

  return (
    <ArchiveSection id="archive-import-heading" title={t.importTitle} hint={t.importHint}>
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>{t.file}</Label>
        <Input
          ref={input}
          id={inputId}
          type="file"
          accept=".xml,.zip"
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
        <div role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{t.readError}</p>
          <p className="[overflow-wrap:anywhere]">{state.message}</p>
          <p>{t.nothingWritten}</p>
        </div>
      )}
      {planned && (
        <fieldset disabled={planned.step === 'importing'} className="m-0 grid min-w-0 gap-5 border-0 p-0">
          <PlanPreview
            plan={planned.read.plan}
            summary={planned.summary}
            choices={planned.choices}
            demoPosts={demoPosts}
            onChoicesChange={(choices) => setState((s) => (s.step === 'preview' || s.step === 'failed' ? { ...s, choices } : s))}
          />
        </fieldset>
      )}
      {planned?.step === 'failed' && <WriteFailure message={planned.message} written={planned.written} />}
      {planned && (
        <div className="grid gap-3">
          {somethingToImport ? (
            <Button type="button" className="justify-self-start" disabled={planned.step === 'importing'} onClick={() => planned.step !== 'importing' && void write(planned)}>
              {planned.step === 'failed' ? t.retry : t.importButton(postCount)}
            </Button>
          ) : (
            <p className="text-sm text-stone-700">{t.nothingToImport}</p>
          )}
          {planned.step === 'importing' && <ProgressBar label={t.progressLabel} done={planned.done} total={planned.total} />}
        </div>
      )}
      {state.step === 'done' && <ImportReportView report={state.report} onAnother={another} />}
    </ArchiveSection>
  );
}
