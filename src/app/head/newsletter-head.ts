import { LOCALE, type Language } from '@/lib/language';
import type { HeadSpec } from './head-spec';

/**
 * The newsletter's pages (issue 25): out of search results, and their
 * address, which carries a reader's secret token, sent to no one (no
 * Referer, not even to this site's own API).
 */
export function newsletterHead(language: Language, title: string, description: string): HeadSpec {
  return {
    lang: LOCALE[language],
    title,
    description,
    robots: 'noindex',
    meta: [{ name: 'referrer', content: 'no-referrer' }],
    links: [],
  };
}
