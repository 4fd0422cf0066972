/** The newsletter's queries: an import or a removal invalidates them all. */
export const newsletterKeys = {
  all: ['newsletter'] as const,
  summary: (days: number) => [...newsletterKeys.all, 'summary', days] as const,
  list: (search: string, page: number) => [...newsletterKeys.all, 'list', search, page] as const,
  sends: () => [...newsletterKeys.all, 'sends'] as const,
  postSend: (postId: string) => [...newsletterKeys.all, 'post-send', postId] as const,
};
