import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { supabase } from '@/lib/supabase';
import { exportArchive, type ExportSummary } from '../api/export-archive';
import { backupFileName, saveFile } from '../browser/save-file';
import { ArchiveSection } from './archive-section';

type ExportState = { step: 'idle' } | { step: 'running' } | { step: 'done'; summary: ExportSummary } | { step: 'failed'; message: string };

/**
 * "Exportar tudo": the backup zip, streamed chunk by chunk into Blob parts
 * (the browser may keep them on disk rather than in memory), downloaded as
 * backup-<site>-<day>.zip.
 */
export function ExportSection() {
  const t = adminText.archive;
  const [state, setState] = useState<ExportState>({ step: 'idle' });

  async function run() {
    setState({ step: 'running' });
    try {
      const parts: Blob[] = [];
      const summary = await exportArchive(supabase, (chunk) => parts.push(new Blob([chunk as Uint8Array<ArrayBuffer>])));
      saveFile(new Blob(parts, { type: 'application/zip' }), backupFileName(window.location.hostname, new Date()));
      setState({ step: 'done', summary });
    } catch (error) {
      setState({ step: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <ArchiveSection id="archive-export-heading" title={t.exportTitle} hint={t.exportHint}>
      <Button type="button" className="justify-self-start" disabled={state.step === 'running'} onClick={() => void run()}>
        <Download aria-hidden />
        {t.exportButton}
      </Button>
      <p role="status" className="min-h-5 text-sm text-stone-900">
        {state.step === 'running' && (
          <span className="inline-flex items-center gap-2">
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
            {t.exporting}
          </span>
        )}
        {state.step === 'done' && t.exported(state.summary.posts, state.summary.settings, state.summary.objects, state.summary.subscribers)}
      </p>
      {state.step === 'failed' && (
        <div role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{t.exportError}</p>
          <p className="[overflow-wrap:anywhere]">{state.message}</p>
        </div>
      )}
    </ArchiveSection>
  );
}
