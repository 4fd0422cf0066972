import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { isLanguage } from '@/lib/language';
import { useCreatePost } from '../api/create-post';
import type { BlogPost } from '../api/get-admin-posts';
import { isTranslationConflict, useCreateTranslation } from '../api/translations';
import { useUpdatePost } from '../api/update-post';
import {
  emptyPostForm,
  postToFormValues,
  toInsertRow,
  toUpdateRow,
  translationFormValues,
  type PostFormValues,
} from '../lib/post-form-values';
import { PostForm } from './post-form';
import { TranslationPanel } from './translation-panel';

interface PostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The post being edited, or null to create one. */
  post: BlogPost | null;
  /** Creating: the new post is this one's translation, linked to it (issue 13). */
  translationOf?: BlogPost | null;
}

/** What went wrong, in her words: a second translation in one language is named as such. */
const describe = (error: unknown, fallback: string) => (isTranslationConflict(error) ? adminText.translations.conflict : fallback);

/**
 * 'Criar Novo Post' / 'Editar Post'. The form lives inside the dialog's
 * content, which unmounts on close, so every opening starts from the post or
 * from the defaults: that is the reset after a save. A failed save leaves the
 * dialog open with everything typed. Closing with unsaved changes (Cancelar,
 * Esc, the ×, a click outside) asks first (issue 12). Editing also shows the
 * post's translation, to link or unlink; "Traduzir" opens it to create one.
 */
export function PostDialog({ open, onOpenChange, post, translationOf = null }: PostDialogProps) {
  const t = adminText.postForm;
  const tt = adminText.toast;
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setDirty(false);
    onOpenChange(false);
  };
  const requestOpenChange = (next: boolean) => {
    if (!next && dirty) setConfirming(true);
    else if (next) onOpenChange(true);
    else close();
  };
  const createHandlers = {
    onSuccess: () => toast({ title: tt.postCreated, description: tt.postCreatedDescription }),
    onError: (error: Error) =>
      toast({ title: tt.postCreateError, description: describe(error, tt.postCreateErrorDescription), variant: 'destructive' }),
  };
  const create = useCreatePost(createHandlers);
  const createTranslation = useCreateTranslation(createHandlers);
  const update = useUpdatePost({
    onSuccess: () => toast({ title: tt.postUpdated, description: tt.postUpdatedDescription }),
    onError: (error) =>
      toast({ title: tt.postUpdateError, description: describe(error, tt.postUpdateErrorDescription), variant: 'destructive' }),
  });

  function save(values: PostFormValues) {
    if (post) update.mutate({ id: post.id, changes: toUpdateRow(values) }, { onSuccess: close });
    else if (translationOf) createTranslation.mutate({ source: translationOf, row: toInsertRow(values) }, { onSuccess: close });
    else create.mutate(toInsertRow(values), { onSuccess: close });
  }

  const source = !post ? translationOf : null;
  const sourceLanguage = source && isLanguage(source.language) ? adminText.translations.languageName[source.language] : '';
  const initialValues = post ? postToFormValues(post) : source ? translationFormValues(source) : emptyPostForm;

  return (
    <>
      <Dialog open={open} onOpenChange={requestOpenChange}>
        <DialogContent closeLabel={adminText.common.close}>
          <DialogHeader>
            <DialogTitle>{post ? t.editTitle : t.createTitle}</DialogTitle>
            <DialogDescription>
              {source ? `${adminText.translations.translationOf(source.title, sourceLanguage)} ${t.description}` : t.description}
            </DialogDescription>
          </DialogHeader>
          {post && <TranslationPanel post={post} />}
          <PostForm
            key={post?.id ?? (source ? `translation-of-${source.id}` : 'new')}
            initialValues={initialValues}
            submitLabel={post ? t.update : t.create}
            busy={create.isPending || createTranslation.isPending || update.isPending}
            languageLocked={source !== null}
            onSubmit={save}
            onDirtyChange={setDirty}
          />
        </DialogContent>
      </Dialog>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>{adminText.unsaved.title}</AlertDialogTitle>
          <AlertDialogDescription>{adminText.unsaved.description}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{adminText.unsaved.keep}</AlertDialogCancel>
            <AlertDialogAction onClick={close}>{adminText.unsaved.discard}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
