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
  /** A post's published other-language version (issue 13). */
  translation: (id: string, group: string | null) => [...postKeys.all, 'translation', id, group] as const,
  /** Everything the admin panel reads (dropped on sign-out). */
  adminList: () => [...postKeys.all, 'admin'] as const,
  adminPage: (language: Language, search: string) => [...postKeys.adminList(), 'list', language, search] as const,
  adminCount: (language: Language) => [...postKeys.adminList(), 'count', language] as const,
};
