import { isCategoryOf, translateCategory } from '@/lib/categories';
import { isLanguage, otherLanguage, type Language } from '@/lib/language';
import type { TablesInsert, TablesUpdate } from '@/types/database.types';
import type { BlogPost } from '../api/get-admin-posts';

export interface PostFormValues {
  language: Language;
  category: string;
  title: string;
  excerpt: string;
  content: string;
  read_time: string;
  image_url: string;
  /** The cover's description (text alternative). */
  image_alt: string;
  published: boolean;
}

export const DEFAULT_READ_TIME = '5 min';

/** Spec §4: a new post is English, '5 min', unpublished. */
export const emptyPostForm: PostFormValues = {
  language: 'en',
  category: '',
  title: '',
  excerpt: '',
  content: '',
  read_time: DEFAULT_READ_TIME,
  image_url: '',
  image_alt: '',
  published: false,
};

/** A post's language; a stored value outside the two reads as a new post's default. */
export function postLanguageOf(post: Pick<BlogPost, 'language'>): Language {
  return isLanguage(post.language) ? post.language : emptyPostForm.language;
}

export function postToFormValues(post: BlogPost): PostFormValues {
  const language = postLanguageOf(post);
  return {
    language,
    // A category outside the language's list cannot be shown by the picker; start unset.
    category: post.category && isCategoryOf(language, post.category) ? post.category : '',
    title: post.title,
    excerpt: post.excerpt ?? '',
    content: post.content ?? '',
    read_time: post.read_time,
    image_url: post.image_url ?? '',
    image_alt: post.image_alt ?? '',
    published: post.published,
  };
}

/**
 * "Traduzir" (issue 13): a new post in the other language, with the category
 * mapped (Relações com Mídia ↔ Media Relations, …), the same picture and
 * reading time, and the texts (the picture's description too) left for her
 * to write in that language; a draft, like any new post.
 */
export function translationFormValues(source: BlogPost): PostFormValues {
  const from = postLanguageOf(source);
  const to = otherLanguage(from);
  return {
    ...emptyPostForm,
    language: to,
    category: (source.category && translateCategory(source.category, from, to)) || '',
    read_time: source.read_time,
    image_url: source.image_url ?? '',
  };
}

/** Whether two states of the form hold the same post (unsaved changes, issue 12). */
export function sameFormValues(a: PostFormValues, b: PostFormValues): boolean {
  return (Object.keys(a) as (keyof PostFormValues)[]).every((key) => a[key] === b[key]);
}

/** The form's fields as a row; empty optional picks become null (no category, no image). */
function formRow(values: PostFormValues) {
  return {
    title: values.title.trim(),
    excerpt: values.excerpt,
    content: values.content,
    category: values.category || null,
    read_time: values.read_time.trim() || DEFAULT_READ_TIME,
    image_url: values.image_url.trim() || null,
    // A description without a picture describes nothing.
    image_alt: (values.image_url.trim() && values.image_alt.trim()) || null,
    language: values.language,
    published: values.published,
  };
}

/** Spec §4: creating sets the date to now. */
export function toInsertRow(values: PostFormValues, now = new Date()): TablesInsert<'blog_posts'> {
  return { ...formRow(values), date: now.toISOString() };
}

/** Spec §4: editing keeps the existing date (not sent) and sends the form fields. */
export function toUpdateRow(values: PostFormValues): TablesUpdate<'blog_posts'> {
  return formRow(values);
}
