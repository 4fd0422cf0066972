import { t, notFoundPage } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, LOCALE } from '@/lib/language';
import type { HeadSpec } from './head-spec';

/** A post that is not there (or not published): the spec's Portuguese page, kept out of search results. */
export function postNotFoundHead(): HeadSpec {
  const texts = t(DEFAULT_LANGUAGE).post;
  return { lang: LOCALE[DEFAULT_LANGUAGE], title: texts.notFound, description: texts.notFoundText, robots: 'noindex', meta: [], links: [] };
}

/** Any other unknown path: the spec's English 404 page. */
export function notFoundHead(): HeadSpec {
  return { lang: LOCALE.en, title: notFoundPage.heading, description: notFoundPage.description, robots: 'noindex', meta: [], links: [] };
}
