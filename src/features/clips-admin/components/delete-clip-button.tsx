import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { describeFailure } from '../api/clip-error';
import { deleteClip } from '../api/clips';
import { clipKeys } from '../api/keys';
import type { Clip } from '../api/types';

/** Deletes one clip after asking; its copy goes with it (on delete cascade). */
export function DeleteClipButton({ clip }: { clip: Pick<Clip, 'id' | 'title'> }) {
  const t = adminText.clips;
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteClip(clip.id),
    onSuccess: async () => {
      toast({ title: t.removed, description: clip.title });
      await queryClient.invalidateQueries({ queryKey: clipKeys.all });
    },
    onError: (error) => toast({ title: t.changeError, description: describeFailure(error), variant: 'destructive' }),
  });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="icon" aria-label={t.remove(clip.title)} disabled={remove.isPending}>
          <Trash2 aria-hidden className="text-red-700" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t.removeTitle}</AlertDialogTitle>
        <AlertDialogDescription className="[overflow-wrap:anywhere]">{t.removeBody(clip.title)}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{adminText.common.cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={() => remove.mutate()}>{t.removeAction}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
