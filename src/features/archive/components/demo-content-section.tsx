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
import { postKeys } from '@/features/posts/api/keys';
import { adminText } from '@/lib/i18n-admin';
import { supabase } from '@/lib/supabase';
import { removeDemoContent } from '../api/demo-content';
import { ArchiveSection } from './archive-section';
import { demoPostsKey, useDemoPosts } from './use-demo-posts';

/**
 * "Remover conteúdo de exemplo" (issue 41): the example posts a new install
 * starts with, removed in one step once she asks and confirms. Shown only
 * while the site has any.
 */
export function DemoContentSection() {
  const t = adminText.archive;
  const queryClient = useQueryClient();
  const demo = useDemoPosts();
  const remove = useMutation({
    mutationFn: () => removeDemoContent(supabase),
    onSuccess: (removed) => toast({ title: t.demoRemoved(removed) }),
    onError: (error) => toast({ title: t.demoRemoveError, description: error instanceof Error ? error.message : String(error), variant: 'destructive' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: demoPostsKey });
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
  const count = demo.data ?? 0;
  if (count === 0) return null;

  return (
    <ArchiveSection id="archive-demo-heading" title={t.demoTitle} hint={t.demoHint}>
      <p className="text-sm text-stone-800">{t.demoCount(count)}</p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button type="button" variant="outline" className="justify-self-start" disabled={remove.isPending}>
            <Trash2 aria-hidden className="text-red-700" />
            {t.demoRemove}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>{t.demoConfirmTitle}</AlertDialogTitle>
          <AlertDialogDescription>{t.demoConfirmText(count)}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{adminText.common.cancel}</AlertDialogCancel>
            <AlertDialogAction onClick={() => remove.mutate()}>{t.demoConfirmAction}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </ArchiveSection>
  );
}
