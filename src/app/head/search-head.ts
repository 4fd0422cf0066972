import { searchTexts } from '@/lib/i18n-search';
import { LOCALE, type Language } from '@/lib/language';
import type { HeadSpec } from './head-spec';

/** A search page (issue 44): its title names the query; results are not content, so never indexed. */
export function searchHead(language: Language, q: string): HeadSpec {
  return { lang: LOCALE[language], title: searchTexts(language).title(q), robots: 'noindex', meta: [], links: [] };
}
