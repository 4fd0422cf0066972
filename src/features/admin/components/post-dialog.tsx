import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
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
import { isEditConflict } from '@/lib/edit-conflict';
import { adminText } from '@/lib/i18n-admin';
import { isLanguage, type Language } from '@/lib/language';
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
import { slugErrorOf } from '../lib/slug-rules';
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

/** The database's refusal of her slug, in her words; undefined when the error is about something else. */
function slugMessage(error: unknown, language: Language): string | undefined {
  const problem = slugErrorOf(error);
  if (problem === 'taken') return adminText.validation.slugTaken(adminText.translations.languageName[language]);
  if (problem === 'format') return adminText.validation.slugFormat;
  return undefined;
}

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
  // The version the form stands on: the post as opened, or the newer one she loaded after a conflict.
  const [loaded, setLoaded] = useState<BlogPost | null>(null);
  const [conflict, setConflict] = useState<{ latest: BlogPost | null; values: PostFormValues } | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  // A refused slug is said on its field (issue 23), not in a toast; the language names where it is taken.
  const [slugError, setSlugError] = useState<string>();
  const savedLanguage = useRef<Language>('pt');
  const base = loaded ?? post;
  const close = () => {
    setDirty(false);
    setLoaded(null);
    setConflict(null);
    setSlugError(undefined);
    onOpenChange(false);
  };
  /** A refused slug goes to its field; true when the error was one. */
  const slugRefused = (error: unknown) => {
    const message = slugMessage(error, savedLanguage.current);
    setSlugError(message);
    return message !== undefined;
  };
  const requestOpenChange = (next: boolean) => {
    if (!next && dirty) setConfirming(true);
    else if (next) onOpenChange(true);
    else close();
  };
  const createHandlers = {
    onSuccess: () => toast({ title: tt.postCreated, description: tt.postCreatedDescription }),
    onError: (error: Error) => {
      if (slugRefused(error)) return;
      toast({ title: tt.postCreateError, description: describe(error, tt.postCreateErrorDescription), variant: 'destructive' });
    },
  };
  const create = useCreatePost(createHandlers);
  const createTranslation = useCreateTranslation(createHandlers);
  const update = useUpdatePost({
    onSuccess: () => toast({ title: tt.postUpdated, description: tt.postUpdatedDescription }),
    onError: (error) => {
      if (slugRefused(error)) return;
      if (isEditConflict(error)) {
        return toast({ title: adminText.conflict.post, description: adminText.conflict.description, variant: 'destructive' });
      }
      toast({ title: tt.postUpdateError, description: describe(error, tt.postUpdateErrorDescription), variant: 'destructive' });
    },
  });

  /** Saves over `version` (the one loaded, or the newer one on purpose); a change made since is refused. */
  function saveOver(version: BlogPost, values: PostFormValues) {
    setConflict(null);
    update.mutate(
      { id: version.id, changes: toUpdateRow(values, version), loadedUpdatedAt: version.updated_at },
      {
        onSuccess: close,
        onError: (error) => {
          if (isEditConflict<BlogPost>(error)) setConflict({ latest: error.latest, values });
        },
      },
    );
  }

  function loadOther(latest: BlogPost) {
    setLoaded(latest);
    setConflict(null);
    setDirty(false);
    setFormVersion((v) => v + 1);
  }

  function save(values: PostFormValues) {
    savedLanguage.current = values.language;
    setSlugError(undefined);
    if (base) saveOver(base, values);
    else if (translationOf) createTranslation.mutate({ source: translationOf, row: toInsertRow(values) }, { onSuccess: close });
    else create.mutate(toInsertRow(values), { onSuccess: close });
  }

  const source = !post ? translationOf : null;
  const sourceLanguage = source && isLanguage(source.language) ? adminText.translations.languageName[source.language] : '';
  const initialValues = base ? postToFormValues(base) : source ? translationFormValues(source) : emptyPostForm;

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
          {conflict && (
            <div role="alert" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
              <p className="font-semibold">{adminText.conflict.post}</p>
              <p>{conflict.latest ? adminText.conflict.description : adminText.conflict.deleted}</p>
              {conflict.latest && (
                <div className="flex flex-wrap gap-2">
                  <Button type="button" size="sm" variant="outline" onClick={() => loadOther(conflict.latest!)}>
                    {adminText.conflict.loadOther}
                  </Button>
                  <Button type="button" size="sm" onClick={() => saveOver(conflict.latest!, conflict.values)}>
                    {adminText.conflict.overwrite}
                  </Button>
                </div>
              )}
            </div>
          )}
          <PostForm
            key={`${post?.id ?? (source ? `translation-of-${source.id}` : 'new')}-${formVersion}`}
            initialValues={initialValues}
            submitLabel={post ? t.update : t.create}
            busy={create.isPending || createTranslation.isPending || update.isPending}
            languageLocked={source !== null}
            stored={base}
            slugError={slugError}
            onSlugEdit={() => setSlugError(undefined)}
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
