import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CATEGORIES } from '@/lib/categories';
import { adminText } from '@/lib/i18n-admin';
import { LANGUAGES, isLanguage } from '@/lib/language';
import { readingTime } from '@/features/posts/lib/markdown/reading-time';
import { useFocusEffect } from '@/lib/use-focus-effect';
import type { BlogPost } from '../api/get-admin-posts';
import { sameFormValues, scheduledInstant, type PostFormValues } from '../lib/post-form-values';
import { postStatus } from '../lib/post-status';
import { slugProblem } from '../lib/slug-rules';
import { FormField } from './form-field';
import { CoverImageField } from './cover-image-field';
import { MarkdownEditor } from './markdown-editor';
import { NewsletterField } from './newsletter-field';
import { PublicationField } from './publication-field';
import { SlugField } from './slug-field';

interface PostFormProps {
  initialValues: PostFormValues;
  submitLabel: string;
  busy: boolean;
  /** A translation's language is fixed: the other language of its original. */
  languageLocked?: boolean;
  /** The post being edited, as stored (its address, whether readers see it, whether it went to the subscribers); null for a new post. */
  stored?: Pick<BlogPost, 'id' | 'slug' | 'title' | 'published' | 'date' | 'newsletter' | 'origin_source'> | null;
  /** The database refused her slug (taken, bad format): said on the field, which gets the focus. */
  slugError?: string;
  /** She changed the slug: a refusal of the one before no longer applies. */
  onSlugEdit?: () => void;
  onSubmit: (values: PostFormValues) => void;
  /** Whether the fields differ from the initial values (the dialog asks before discarding). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The reading time follows the text (issue 12) until she types her own: for
 * a new post, and for a post whose stored time is the computed one.
 */
const followsText = (values: PostFormValues) => !values.content.trim() || values.read_time === readingTime(values.content);

/**
 * The post fields (spec §2). Only the title is required (spec §5); the
 * category list is the chosen language's, and changing the language clears
 * the category so a post never carries the other language's category.
 */
export function PostForm({
  initialValues,
  submitLabel,
  busy,
  languageLocked = false,
  stored = null,
  slugError,
  onSlugEdit,
  onSubmit,
  onDirtyChange,
}: PostFormProps) {
  const t = adminText.postForm;
  const [values, setValues] = useState(initialValues);
  const [autoReadTime, setAutoReadTime] = useState(() => followsText(initialValues));
  // Pictures being sent: saving waits for them (their addresses are not in the form yet).
  const [uploads, setUploads] = useState(0);
  const dirty = !sameFormValues(values, initialValues);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const [titleError, setTitleError] = useState<string>();
  const [ownSlugError, setOwnSlugError] = useState<string>();
  const [scheduleError, setScheduleError] = useState<string>();
  const titleInput = useRef<HTMLInputElement>(null);
  const slugInput = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  const set = <K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  // The database's refusal arrives after the save: her eyes (and screen reader) go to the field.
  useFocusEffect(() => {
    if (slugError) slugInput.current?.focus();
  }, [slugError]);

  /** Each field's problem in her words, or undefined; checked on submit, as the title always was. */
  function check(): { title?: string; slug?: string; schedule?: string } {
    const v = adminText.validation;
    const problem = values.slug !== null && values.slug !== stored?.slug ? slugProblem(values.slug) : null;
    const at = values.publication === 'scheduled' ? scheduledInstant(values) : null;
    return {
      title: values.title.trim() ? undefined : v.titleRequired,
      slug: problem === 'empty' ? v.slugRequired : problem === 'format' ? v.slugFormat : undefined,
      schedule:
        values.publication !== 'scheduled' ? undefined : !at ? v.scheduleRequired : at.getTime() <= Date.now() ? v.schedulePast : undefined,
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = check();
    setTitleError(errors.title);
    setOwnSlugError(errors.slug);
    setScheduleError(errors.schedule);
    const first = errors.title ? titleInput : errors.slug ? slugInput : errors.schedule ? dateInput : null;
    if (first) {
      first.current?.focus();
      return;
    }
    onSubmit(values);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t.language}>
          {(ids) => (
            <Select
              {...ids}
              disabled={languageLocked}
              value={values.language}
              onChange={(e) => {
                const language = e.target.value;
                if (isLanguage(language)) setValues((current) => ({ ...current, language, category: '' }));
              }}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t.languageNames[language]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t.category}>
          {(ids) => (
            <Select {...ids} value={values.category} onChange={(e) => set('category', e.target.value)}>
              <option value="">{t.categoryPlaceholder}</option>
              {CATEGORIES[values.language].map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <FormField label={t.title} required error={titleError}>
        {(ids) => (
          <Input
            {...ids}
            ref={titleInput}
            name="title"
            required
            value={values.title}
            onChange={(e) => {
              set('title', e.target.value);
              if (e.target.value.trim()) setTitleError(undefined);
            }}
          />
        )}
      </FormField>
      <SlugField
        language={values.language}
        title={values.title}
        value={values.slug}
        stored={stored}
        error={ownSlugError ?? slugError}
        inputRef={slugInput}
        onChange={(slug) => {
          set('slug', slug);
          setOwnSlugError(undefined);
          onSlugEdit?.();
        }}
      />
      <FormField label={t.excerpt}>
        {(ids) => <Textarea {...ids} rows={3} value={values.excerpt} onChange={(e) => set('excerpt', e.target.value)} />}
      </FormField>
      <FormField label={t.content}>
        {(ids) => (
          <MarkdownEditor
            ids={ids}
            language={values.language}
            value={values.content}
            onUploadingChange={(on) => setUploads((n) => n + (on ? 1 : -1))}
            onChange={(content) =>
              setValues((current) => ({ ...current, content, ...(autoReadTime && content.trim() ? { read_time: readingTime(content) } : {}) }))
            }
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t.readTime}>
          {(ids) => (
            <Input
              {...ids}
              value={values.read_time}
              onChange={(e) => {
                setAutoReadTime(false);
                set('read_time', e.target.value);
              }}
            />
          )}
        </FormField>
      </div>
      <FormField label={t.imageUrl}>
        {(ids) => (
          <CoverImageField
            ids={ids}
            value={values.image_url}
            onChange={(url) => set('image_url', url)}
            alt={values.image_alt}
            onAltChange={(text) => set('image_alt', text)}
            onUploadingChange={(on) => setUploads((n) => n + (on ? 1 : -1))}
          />
        )}
      </FormField>
      <PublicationField
        values={values}
        live={stored !== null && postStatus(stored) === 'published'}
        error={scheduleError}
        dateRef={dateInput}
        onChange={(publication) => {
          setValues((current) => ({ ...current, ...publication }));
          setScheduleError(undefined);
        }}
      />
      <NewsletterField values={values} stored={stored} onChange={(newsletter) => set('newsletter', newsletter)} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {adminText.common.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy || uploads > 0}>
          {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
