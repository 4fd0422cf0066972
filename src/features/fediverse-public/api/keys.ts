/** The public fediverse reads (issue 45). */
export const fediverseKeys = {
  all: ['fediverse'] as const,
  account: (language: string) => [...fediverseKeys.all, 'account', language] as const,
  replies: (postId: string) => [...fediverseKeys.all, 'replies', postId] as const,
};
