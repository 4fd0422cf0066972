import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { saveFile, siteDay } from '@/features/archive/browser/save-file';
import { describeFailure } from '../api/newsletter-error';
import { fetchAllSubscribers } from '../api/subscribers';
import { subscribersCsv, subscribersFileName } from '../lib/subscribers-csv';

type ExportState = { step: 'idle' } | { step: 'running' } | { step: 'done'; count: number } | { step: 'failed'; message: string };

/** "Exportar CSV": every address, confirmed and pending, downloaded as assinantes-<site>-<day>.csv. */
export function ExportSubscribersButton() {
  const t = adminText.newsletter;
  const [state, setState] = useState<ExportState>({ step: 'idle' });

  async function run() {
    setState({ step: 'running' });
    try {
      const rows = await fetchAllSubscribers();
      saveFile(new Blob([subscribersCsv(rows)], { type: 'text/csv;charset=utf-8' }), subscribersFileName(window.location.hostname, siteDay(new Date())));
      setState({ step: 'done', count: rows.length });
    } catch (error) {
      setState({ step: 'failed', message: describeFailure(error) });
    }
  }

  return (
    <div className="grid justify-items-end gap-1">
      <Button type="button" variant="outline" disabled={state.step === 'running'} onClick={() => void run()}>
        {state.step === 'running' ? <Loader2 aria-hidden className="animate-spin motion-reduce:animate-none" /> : <Download aria-hidden />}
        {t.exportButton}
      </Button>
      <p role="status" className="min-h-5 max-w-xs text-right text-sm text-stone-800">
        {state.step === 'running' && t.exporting}
        {state.step === 'done' && t.exported(state.count)}
      </p>
      {state.step === 'failed' && (
        <p role="alert" className="max-w-xs text-right text-sm text-red-800 [overflow-wrap:anywhere]">
          {t.exportError}: {state.message}
        </p>
      )}
    </div>
  );
}
