/** Query keys of session-scoped data; removed on sign-out so the next user starts clean. */
export const authKeys = {
  all: ['auth'] as const,
  isAdmin: (userId: string) => [...authKeys.all, 'is-admin', userId] as const,
  assurance: (accessToken: string) => [...authKeys.all, 'assurance', accessToken] as const,
  factors: (userId: string) => [...authKeys.all, 'factors', userId] as const,
};
