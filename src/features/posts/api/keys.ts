import type { Language } from '@/lib/language';
import type { CategoryChoice } from '../lib/listing-params';

/**
 * Query keys of every posts query. Admin mutations invalidate `postKeys.all`,
 * which refreshes the public lists and detail pages in the same browser.
 */
export const postKeys = {
  all: ['posts'] as const,
  publicLists: () => [...postKeys.all, 'public'] as const,
  publicList: (language: Language, category: CategoryChoice, firstPage: number) =>
    [...postKeys.publicLists(), language, category, firstPage] as const,
  /** The post at an address (issue 23): by its slug (current or old), or by its id (/post/<id>). */
  detail: (language: Language, slug: string) => [...postKeys.all, 'detail', language, slug] as const,
  byId: (id: string) => [...postKeys.all, 'by-id', id] as const,
  /**
   * The post a review link leads to (issue 26). Not keyed by the token: the
   * token is a secret of the address, never written into the page's data
   * (the server's state carries this key); one review is open per page, and
   * its route drops the query when it goes.
   */
  review: () => [...postKeys.all, 'review'] as const,
  /** A post's public corrections (issue 26); under `all`, so a live change of the post refetches them. */
  corrections: (postId: string) => [...postKeys.all, 'corrections', postId] as const,
  /** A post's published other-language version (issue 13). */
  translation: (id: string, group: string | null) => [...postKeys.all, 'translation', id, group] as const,
  /** Everything the admin panel reads (dropped on sign-out). */
  adminList: () => [...postKeys.all, 'admin'] as const,
  adminPage: (language: Language, search: string) => [...postKeys.adminList(), 'list', language, search] as const,
  adminCount: (language: Language) => [...postKeys.adminList(), 'count', language] as const,
};
