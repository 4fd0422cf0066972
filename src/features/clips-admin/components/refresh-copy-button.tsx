import { useMutation } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { submitJobs } from '../api/jobs';
import type { Clip } from '../api/types';

/** "Atualizar cópia arquivada": an 'archive' job for the server; the copy is made once and refreshed only when she asks. */
export function RefreshCopyButton({ clip }: { clip: Pick<Clip, 'id' | 'title' | 'url'> }) {
  const t = adminText.clips;
  const refresh = useMutation({
    mutationFn: () => submitJobs([{ kind: 'archive', input: clip.url, clip_id: clip.id }]),
    onSuccess: () => toast({ title: t.refreshQueued, description: t.refreshQueuedDescription }),
    onError: (error) => toast({ title: t.changeError, description: describeFailure(error), variant: 'destructive' }),
  });
  return (
    <Button variant="outline" size="sm" aria-label={t.refreshCopyLabel(clip.title)} disabled={refresh.isPending} onClick={() => refresh.mutate()}>
      <RefreshCw aria-hidden />
      {t.refreshCopy}
    </Button>
  );
}
