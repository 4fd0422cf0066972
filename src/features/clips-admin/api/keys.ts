/** The "Publicações" tab's queries: a save, a status change or a finished job invalidates them all. */
export const clipKeys = {
  all: ['clips-admin'] as const,
  list: () => [...clipKeys.all, 'list'] as const,
  batch: (batch: string) => [...clipKeys.all, 'batch', batch] as const,
  feeds: () => [...clipKeys.all, 'feeds'] as const,
};
