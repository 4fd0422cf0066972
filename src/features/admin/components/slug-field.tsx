import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { adminText } from '@/lib/i18n-admin';
import type { Language } from '@/lib/language';
import { postUrl } from '@/lib/paths';
import type { BlogPost } from '../api/get-admin-posts';
import { useSlugPreview } from '../api/slugify';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { FormField } from './form-field';

interface Props {
  language: Language;
  title: string;
  /** Her slug; null: none chosen, the database makes it from the title (a new post). */
  value: string | null;
  onChange: (slug: string | null) => void;
  /** The post being edited, as stored; null for a new post. */
  stored: Pick<BlogPost, 'slug' | 'title' | 'published'> | null;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** `slug` is `base` or the database's `base-2`, `base-3` … (slugs hold no character a pattern treats specially). */
const madeFrom = (slug: string, base: string) => new RegExp(`^${base}(-[0-9]+)?$`).test(slug);

/**
 * "Endereço do post" (issue 23) with the full address beside it. A new post's
 * address follows its title (the database's own slugify, asked once per
 * pause in typing) until she types her own; a draft whose address was made
 * from its title keeps following it, as the database does; a post readers
 * may have seen keeps its address unless she changes it, and then the old
 * one keeps leading to it.
 */
export function SlugField({ language, title, value, onChange, stored, error, inputRef }: Props) {
  const t = adminText.postForm;
  const preview = useSlugPreview(useDebouncedValue(title));
  const storedPreview = useSlugPreview(stored?.title ?? '', stored !== null && !stored.published);
  const followsTitle =
    stored === null
      ? value === null
      : value === stored.slug && !stored.published && storedPreview.data !== undefined && madeFrom(stored.slug, storedPreview.data);
  const titleChanged = stored === null || title.trim() !== stored.title.trim();
  const fromTitle = title.trim() ? (preview.data ?? '') : '';
  const shown = followsTitle && titleChanged ? fromTitle || (stored?.slug ?? '') : (value ?? '');
  const useTitle = stored === null ? null : fromTitle;
  const offerTitle = !followsTitle && fromTitle !== '' && shown !== fromTitle;

  return (
    <FormField
      label={t.slug}
      error={error}
      description={
        <>
          {shown && <p className="break-all font-mono text-stone-800">{postUrl(language, shown)}</p>}
          {stored === null && value === null && <p>{t.slugFromTitle}</p>}
          {stored?.published && value !== null && value.trim() !== stored.slug && <p>{t.slugOldAddressKept}</p>}
        </>
      }
    >
      {(ids) => (
        <div className="flex flex-wrap items-center gap-2">
          <Input
            {...ids}
            ref={inputRef}
            name="slug"
            className="min-w-0 flex-1 font-mono"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder={t.slugPlaceholder}
            value={shown}
            onChange={(e) => onChange(e.target.value)}
          />
          {offerTitle && (
            <Button type="button" variant="outline" size="sm" onClick={() => onChange(useTitle)}>
              {t.slugUseTitle}
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}
