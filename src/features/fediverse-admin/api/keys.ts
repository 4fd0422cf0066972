/** The "Fediverso" tab's queries: each change invalidates what it touches (a block, for instance, removes followers and pending replies). */
export const fediverseKeys = {
  all: ['fediverse-admin'] as const,
  accounts: () => [...fediverseKeys.all, 'accounts'] as const,
  followers: (language: string, search = '') => [...fediverseKeys.all, 'followers', language, search] as const,
  blocks: () => [...fediverseKeys.all, 'blocks'] as const,
  replies: () => [...fediverseKeys.all, 'replies'] as const,
  reactions: () => [...fediverseKeys.all, 'reactions'] as const,
};
