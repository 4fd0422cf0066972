import { useQueryClient } from '@tanstack/react-query';
import { ImageDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { postKeys } from '@/features/posts/api/keys';
import { adminText } from '@/lib/i18n-admin';
import { supabase } from '@/lib/supabase';
import { downloadLinkedImages, type DownloadResult } from '../api/download-images';
import type { ImportReport } from '../api/import-archive';
import { sizeImage } from '../browser/size-image';
import { MessageList } from './message-list';
import { ProgressBar } from './progress-bar';

type CopyState = { step: 'idle' } | { step: 'copying'; done: number; total: number } | { step: 'done'; result: DownloadResult } | { step: 'failed'; message: string };

interface LinkedImagesProps {
  report: ImportReport;
  /** The copies made, and the addresses still linked after them. */
  onCopied: (result: DownloadResult, stillLinked: string[]) => void;
}

/** The pictures imported posts only link to, and "Baixar imagens", which copies them into Storage and says which it could not. */
export function LinkedImages({ report, onCopied }: LinkedImagesProps) {
  const t = adminText.archive;
  const queryClient = useQueryClient();
  const [state, setState] = useState<CopyState>({ step: 'idle' });

  async function copy() {
    const working = { ...report, linkedImages: [...report.linkedImages] };
    setState({ step: 'copying', done: 0, total: working.linkedImages.length });
    try {
      const result = await downloadLinkedImages(supabase, working, {
        sizeImage,
        onProgress: (done, total) => setState({ step: 'copying', done, total }),
      });
      setState({ step: 'done', result });
      onCopied(result, working.linkedImages);
    } catch (error) {
      setState({ step: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    }
  }

  if (!report.linkedImages.length && state.step !== 'done') return null;
  return (
    <div className="grid gap-3">
      <MessageList title={t.linkedTitle(report.linkedImages.length)} hint={t.linkedHint} items={report.linkedImages} render={(url) => url} />
      {report.linkedImages.length > 0 && (
        <Button type="button" variant="outline" className="justify-self-start" disabled={state.step === 'copying'} onClick={() => void copy()}>
          <ImageDown aria-hidden />
          {t.downloadImages}
        </Button>
      )}
      {state.step === 'copying' && (
        <div className="grid gap-1">
          <p className="text-sm text-stone-700">{t.downloadingImages}</p>
          <ProgressBar label={t.imagesProgressLabel} done={state.done} total={state.total} />
        </div>
      )}
      <p role="status" className="text-sm text-stone-900">
        {state.step === 'done' && t.copied(state.result.copied.length)}
      </p>
      {state.step === 'done' && (
        <MessageList
          title={t.failedTitle(state.result.failed.length)}
          hint={t.failedHint}
          items={state.result.failed}
          render={(f) => `${f.url}: ${f.reason}`}
        />
      )}
      {state.step === 'failed' && (
        <div role="alert" className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{t.downloadError}</p>
          <p className="[overflow-wrap:anywhere]">{state.message}</p>
        </div>
      )}
    </div>
  );
}
