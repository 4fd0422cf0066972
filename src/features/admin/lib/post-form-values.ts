import { isCategoryOf, translateCategory } from '@/lib/categories';
import { isLanguage, otherLanguage, type Language } from '@/lib/language';
import type { TablesInsert, TablesUpdate } from '@/types/database.types';
import type { BlogPost } from '../api/get-admin-posts';
import { postStatus } from './post-status';
import { instantToWallTime, wallTimeToInstant } from './site-time';
import { isImportedOrigin } from '@/features/archive/lib/origin';

/** What saving does with the post: keep it from readers, publish it now, or publish it at a set time (issue 23). */
export type Publication = 'draft' | 'now' | 'scheduled';

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
  /**
   * The address words ("Endereço do post"). null: not chosen by her, so the
   * database makes them from the title (a new post); a post being edited
   * starts from its own.
   */
  slug: string | null;
  publication: Publication;
  /**
   * "Enviar aos assinantes" (issue 25): mail it to the subscribers of its
   * language when it first becomes public. Never for an imported post.
   */
  newsletter: boolean;
  /** With 'scheduled': the date (yyyy-mm-dd) and time (HH:MM) in Brasília. */
  scheduleDate: string;
  scheduleTime: string;
}

export const DEFAULT_READ_TIME = '5 min';

/** Spec §4: a new post is English, '5 min', unpublished; it goes to the subscribers when published (issue 25). */
export const emptyPostForm: PostFormValues = {
  language: 'en',
  category: '',
  title: '',
  excerpt: '',
  content: '',
  read_time: DEFAULT_READ_TIME,
  image_url: '',
  image_alt: '',
  slug: null,
  publication: 'draft',
  newsletter: true,
  scheduleDate: '',
  scheduleTime: '',
};

/** A post's language; a stored value outside the two reads as a new post's default. */
export function postLanguageOf(post: Pick<BlogPost, 'language'>): Language {
  return isLanguage(post.language) ? post.language : emptyPostForm.language;
}

const PUBLICATION = { draft: 'draft', published: 'now', scheduled: 'scheduled' } as const;

export function postToFormValues(post: BlogPost, now = Date.now()): PostFormValues {
  const language = postLanguageOf(post);
  const publication = PUBLICATION[postStatus(post, now)];
  const schedule = publication === 'scheduled' ? instantToWallTime(post.date) : { date: '', time: '' };
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
    slug: post.slug,
    publication,
    // Her choice as stored (false for every post older than the newsletter); an imported post never goes.
    newsletter: post.newsletter && !isImportedOrigin(post.origin_source),
    scheduleDate: schedule.date,
    scheduleTime: schedule.time,
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

const MINUTE = 60_000;

/** The instant a scheduled form names; null when it names none (or not a whole one). */
export function scheduledInstant(values: Pick<PostFormValues, 'scheduleDate' | 'scheduleTime'>): Date | null {
  return wallTimeToInstant({ date: values.scheduleDate, time: values.scheduleTime });
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
    published: values.publication !== 'draft',
    newsletter: values.newsletter,
  };
}

/** A new post's row: without a slug, the database makes one from the title. */
export type NewPostRow = TablesInsert<'blog_posts'>;

/**
 * Spec §4: creating sets the date to now; a scheduled post's date is its
 * time (issue 23). The slug is sent only when she chose it.
 */
export function toInsertRow(values: PostFormValues, now = new Date()): NewPostRow {
  const date = values.publication === 'scheduled' ? scheduledInstant(values) : null;
  return { ...formRow(values), ...(values.slug !== null && { slug: values.slug.trim() }), date: (date ?? now).toISOString() };
}

/**
 * Spec §4: editing keeps the existing date (not sent) and sends the form
 * fields, the slug only when she changed it. Two exceptions (issue 23): a
 * schedule she set or moved sends its time, and publishing now a post whose
 * date lies ahead (scheduled, or a draft that once was) sends now, or it
 * would stay hidden until then.
 */
export function toUpdateRow(values: PostFormValues, post: Pick<BlogPost, 'slug' | 'date' | 'published'>, now = new Date()): TablesUpdate<'blog_posts'> {
  const row: TablesUpdate<'blog_posts'> = formRow(values);
  if (values.slug !== null && values.slug.trim() !== post.slug) row.slug = values.slug.trim();
  const at = values.publication === 'scheduled' ? scheduledInstant(values) : null;
  // The minute the form shows is the stored one: the stored instant stays, seconds and all.
  if (at && !(post.published && Math.floor(Date.parse(post.date) / MINUTE) === at.getTime() / MINUTE)) row.date = at.toISOString();
  if (values.publication === 'now' && Date.parse(post.date) > now.getTime()) row.date = now.toISOString();
  return row;
}
