import type { Language } from '@/lib/language';

/**
 * Query keys of every posts query. Admin mutations invalidate `postKeys.all`,
 * which refreshes the public lists and detail pages in the same browser.
 */
export const postKeys = {
  all: ['posts'] as const,
  publicLists: () => [...postKeys.all, 'public'] as const,
  publicList: (language: Language) => [...postKeys.publicLists(), language] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
  adminList: () => [...postKeys.all, 'admin'] as const,
};
