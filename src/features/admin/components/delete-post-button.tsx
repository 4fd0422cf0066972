import { Trash2 } from 'lucide-react';
import { useState } from 'react';
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
import { useDeletePost } from '../api/delete-post';
import type { BlogPost } from '../api/get-admin-posts';
import { useRevisionCount } from '../api/post-history';

/**
 * Delete with the spec's question, 'Tem certeza que deseja deletar este
 * post?', asked in an accessible alert dialog rather than window.confirm (which
 * blocks the page and cannot be styled or translated around). It says what
 * goes with the post (issue 26): its earlier versions, counted when the
 * question opens, its corrections and its review links.
 */
export function DeletePostButton({ post }: { post: BlogPost }) {
  const t = adminText.posts;
  const tt = adminText.toast;
  const remove = useDeletePost({
    onSuccess: () => toast({ title: tt.postDeleted, description: tt.postDeletedDescription }),
    onError: () => toast({ title: tt.postDeleteError, description: tt.postDeleteErrorDescription, variant: 'destructive' }),
  });
  const [asking, setAsking] = useState(false);
  const versions = useRevisionCount(post.id, asking);
  return (
    <AlertDialog open={asking} onOpenChange={setAsking}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="icon" aria-label={t.delete(post.title)} disabled={remove.isPending}>
          <Trash2 aria-hidden className="text-red-700" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t.confirmDelete}</AlertDialogTitle>
        <AlertDialogDescription className="grid gap-2">
          <span className="font-medium text-stone-900">{post.title}</span>
          <span>{t.deleteConsequences(versions.isSuccess ? versions.data : null)}</span>
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{adminText.common.cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={() => remove.mutate(post.id)}>{t.confirmDeleteAction}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
