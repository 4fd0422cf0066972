import { adminText } from '@/lib/i18n-admin';
import type { ClipFields } from '../api/clips';
import type { Clip, ClipLanguage, ClipStatus, PreviewResult } from '../api/types';

/** The form as she sees it: every text a string (empty for "none"), the switches booleans. */
export interface ClipFormValues {
  url: string;
  title: string;
  outlet: string;
  outlet_logo_url: string;
  byline: string;
  published_on: string;
  language: ClipLanguage;
  summary: string;
  image_alt: string;
  status: ClipStatus;
  featured: boolean;
  show_archive: boolean;
  newsletter: boolean;
}

export type ClipFormErrors = Partial<Record<'url' | 'title' | 'outlet_logo_url' | 'published_on', string>>;

export const emptyClipForm = (): ClipFormValues => ({
  url: '',
  title: '',
  outlet: '',
  outlet_logo_url: '',
  byline: '',
  published_on: '',
  language: 'pt',
  summary: '',
  image_alt: '',
  status: 'published',
  featured: false,
  show_archive: false,
  newsletter: false,
});

export function clipToFormValues(clip: Clip): ClipFormValues {
  return {
    url: clip.url ?? '',
    title: clip.title,
    outlet: clip.outlet ?? '',
    outlet_logo_url: clip.outlet_logo_url ?? '',
    byline: clip.byline ?? '',
    published_on: clip.published_on ?? '',
    language: clip.language,
    summary: clip.summary ?? '',
    image_alt: clip.image_alt ?? '',
    status: clip.status,
    featured: clip.featured,
    show_archive: clip.show_archive,
    newsletter: clip.newsletter,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What a 'preview' job found, over the address she gave: missing facts stay empty for her to type. */
export function previewToFormValues(address: string, found: PreviewResult): ClipFormValues {
  const date = text(found.published_on).slice(0, 10);
  const language = text(found.language).slice(0, 2).toLowerCase();
  return {
    ...emptyClipForm(),
    url: text(found.url) || address,
    title: text(found.title),
    outlet: text(found.outlet),
    outlet_logo_url: text(found.outlet_logo_url),
    byline: text(found.byline),
    published_on: DATE.test(date) ? date : '',
    language: language === 'en' ? 'en' : 'pt',
    summary: text(found.summary),
  };
}

/** True for an absolute http(s) address. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Her mistakes, field by field, in Portuguese; empty when the form can be saved. */
export function validateClipForm(values: ClipFormValues, { urlRequired = false } = {}): ClipFormErrors {
  const v = adminText.clips.validation;
  const errors: ClipFormErrors = {};
  const url = values.url.trim();
  if ((url || urlRequired) && !isWebAddress(url)) errors.url = v.url;
  if (!values.title.trim()) errors.title = v.titleRequired;
  const logo = values.outlet_logo_url.trim();
  if (logo && !isWebAddress(logo)) errors.outlet_logo_url = v.logoUrl;
  if (values.published_on && !isRealDate(values.published_on)) errors.published_on = v.date;
  return errors;
}

const orNull = (value: string) => value.trim() || null;

/** The row's fields from the form: blanks become null, texts are trimmed. */
export function toClipFields(values: ClipFormValues): ClipFields {
  return {
    url: orNull(values.url),
    title: values.title.trim(),
    outlet: orNull(values.outlet),
    outlet_logo_url: orNull(values.outlet_logo_url),
    byline: orNull(values.byline),
    published_on: orNull(values.published_on),
    language: values.language,
    summary: orNull(values.summary),
    image_alt: orNull(values.image_alt),
    status: values.status,
    featured: values.featured,
    newsletter: values.newsletter,
  };
}
