import type { CategoryChoice } from '@/features/posts/lib/listing-params';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { summarize } from './head-spec';

export interface ListingView {
  category: CategoryChoice;
  page: number;
}

/**
 * A home's title: the site's, then the category and the page when the
 * listing shows one (each page of the listing is a page of its own to a
 * search engine, and says so).
 */
export function homeTitle(language: Language, { category, page }: ListingView): string {
  const dict = t(language);
  return [dict.meta.title, category !== 'all' && category, page > 1 && dict.meta.page(page)].filter(Boolean).join(' · ');
}

/** A home's description: the hero's text (a site setting), else the built-in one. */
export function homeDescription(language: Language, heroDescription: string): string {
  return summarize(heroDescription) || t(language).meta.description;
}
