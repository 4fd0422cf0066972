/** The statistics' queries: opening the tab again invalidates them all (admin-panel.tsx). */
export const statsKeys = {
  all: ['stats'] as const,
  days: (days: number) => [...statsKeys.all, 'days', days] as const,
  pages: (days: number) => [...statsKeys.all, 'pages', days] as const,
  sources: (days: number) => [...statsKeys.all, 'sources', days] as const,
  postDays: (postId: string) => [...statsKeys.all, 'post-days', postId] as const,
  postSources: (postId: string, days: number) => [...statsKeys.all, 'post-sources', postId, days] as const,
};
