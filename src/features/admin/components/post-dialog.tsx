import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { useCreatePost } from '../api/create-post';
import type { BlogPost } from '../api/get-admin-posts';
import { useUpdatePost } from '../api/update-post';
import { emptyPostForm, postToFormValues, toInsertRow, toUpdateRow, type PostFormValues } from '../lib/post-form-values';
import { PostForm } from './post-form';

interface PostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The post being edited, or null to create one. */
  post: BlogPost | null;
}

/**
 * 'Criar Novo Post' / 'Editar Post'. The form lives inside the dialog's
 * content, which unmounts on close, so every opening starts from the post or
 * from the defaults: that is the reset after a save. A failed save leaves the
 * dialog open with everything typed.
 */
export function PostDialog({ open, onOpenChange, post }: PostDialogProps) {
  const t = adminText.postForm;
  const tt = adminText.toast;
  const close = () => onOpenChange(false);
  const create = useCreatePost({
    onSuccess: () => toast({ title: tt.postCreated, description: tt.postCreatedDescription }),
    onError: () => toast({ title: tt.postCreateError, description: tt.postCreateErrorDescription, variant: 'destructive' }),
  });
  const update = useUpdatePost({
    onSuccess: () => toast({ title: tt.postUpdated, description: tt.postUpdatedDescription }),
    onError: () => toast({ title: tt.postUpdateError, description: tt.postUpdateErrorDescription, variant: 'destructive' }),
  });

  function save(values: PostFormValues) {
    if (post) update.mutate({ id: post.id, changes: toUpdateRow(values) }, { onSuccess: close });
    else create.mutate(toInsertRow(values), { onSuccess: close });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={adminText.common.close}>
        <DialogHeader>
          <DialogTitle>{post ? t.editTitle : t.createTitle}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <PostForm
          key={post?.id ?? 'new'}
          initialValues={post ? postToFormValues(post) : emptyPostForm}
          submitLabel={post ? t.update : t.create}
          busy={create.isPending || update.isPending}
          onSubmit={save}
        />
      </DialogContent>
    </Dialog>
  );
}
