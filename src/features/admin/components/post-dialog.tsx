import { useRef, useState, type ReactNode, type RefObject } from 'react';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { isEditConflict } from '@/lib/edit-conflict';
import { adminText } from '@/lib/i18n-admin';
import { isLanguage, type Language } from '@/lib/language';
import { useFocusEffect } from '@/lib/use-focus-effect';
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
import { postStatus } from '../lib/post-status';
import { slugErrorOf } from '../lib/slug-rules';
import { CorrectionsPanel } from './corrections-panel';
import { PostForm } from './post-form';
import { PostHistory } from './post-history';
import { ReviewLinksPanel } from './review-links-panel';
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

type Section = 'edit' | 'history' | 'review' | 'corrections';

/**
 * A saved post's dialog has sections (issue 26): the form, "Histórico",
 * "Link de revisão" and, once published, "Correções". Each is mounted the
 * first time it is opened and kept: the form's unsaved text, a link shown
 * once, survive a look at another section.
 */
function SectionTabs({
  post,
  panels,
  section,
  onSection,
  editTab,
}: {
  post: BlogPost;
  panels: Record<Section, ReactNode>;
  section: Section;
  onSection: (section: Section) => void;
  editTab: RefObject<HTMLButtonElement | null>;
}) {
  const names = adminText.postSections;
  // The form's section is where every opening starts; the others are added as she opens them.
  const [visited, setVisited] = useState<ReadonlySet<Section>>(() => new Set(['edit', section]));
  const sections: Section[] = ['edit', 'history', 'review', ...(postStatus(post) === 'published' ? (['corrections'] as const) : [])];
  const name = { edit: names.edit, history: names.history, review: names.reviewLinks, corrections: names.corrections };
  return (
    <Tabs
      value={section}
      onValueChange={(value) => {
        setVisited((seen) => new Set([...seen, value as Section]));
        onSection(value as Section);
      }}
    >
      <TabsList aria-label={names.label} className="h-auto flex-wrap justify-start">
        {sections.map((s) => (
          <TabsTrigger key={s} value={s} ref={s === 'edit' ? editTab : undefined}>
            {name[s]}
          </TabsTrigger>
        ))}
      </TabsList>
      {sections.map(
        (s) =>
          visited.has(s) && (
            <TabsContent key={s} value={s} forceMount hidden={s !== section} className="grid gap-4">
              {panels[s]}
            </TabsContent>
          ),
      )}
    </Tabs>
  );
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
  const [section, setSection] = useState<Section>('edit');
  // After a restore the form's section opens with the restored post; its tab takes the focus.
  const focusEditTab = useRef(false);
  const editTab = useRef<HTMLButtonElement>(null);
  const base = loaded ?? post;
  const close = () => {
    setDirty(false);
    setLoaded(null);
    setConflict(null);
    setSlugError(undefined);
    setSection('edit');
    onOpenChange(false);
  };
  useFocusEffect(() => {
    if (section !== 'edit' || !focusEditTab.current) return;
    focusEditTab.current = false;
    editTab.current?.focus();
  }, [section, formVersion]);
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

  /** A version restored from "Histórico": the form shows the post as it now is. */
  function restored(latest: BlogPost) {
    loadOther(latest);
    focusEditTab.current = true;
    setSection('edit');
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

  const editSection = (
    <>
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
    </>
  );

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
          {post ? (
            <SectionTabs
              post={base ?? post}
              section={section}
              onSection={setSection}
              editTab={editTab}
              panels={{
                edit: (
                  <>
                    <TranslationPanel post={post} />
                    {editSection}
                  </>
                ),
                history: <PostHistory postId={post.id} dirty={dirty} onRestored={restored} />,
                review: <ReviewLinksPanel postId={post.id} />,
                corrections: <CorrectionsPanel postId={post.id} />,
              }}
            />
          ) : (
            editSection
          )}
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
