/** Every address of the federation, from one place (the dispatchers in federation.ts are declared with the same paths). */
import type { FediverseLanguage } from './accounts.ts';

export const FEDIVERSE_ROUTES = {
  actor: '/ap/users/{identifier}',
  inbox: '/ap/users/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/users/{identifier}/outbox',
  followers: '/ap/users/{identifier}/followers',
  following: '/ap/users/{identifier}/following',
  post: '/ap/posts/{id}',
  nodeInfo: '/nodeinfo/2.1',
} as const;

export function fediversePaths(origin: string) {
  const at = (path: string) => new URL(path, origin);
  return {
    actor: (language: FediverseLanguage) => at(`/ap/users/${language}`),
    followers: (language: FediverseLanguage) => at(`/ap/users/${language}/followers`),
    post: (id: string) => at(`/ap/posts/${id}`),
    activity: (key: string) => at(`/ap/activities/${encodeURIComponent(key)}`),
    permalink: (language: FediverseLanguage, slug: string) => at(`/${language}/${encodeURIComponent(slug)}`),
  };
}

/** Where the site serves its copy of a replier's picture (avatar-copies.ts; key: sha256 of its source, hex). */
export const avatarCopyPath = (key: string) => `/ap/avatars/${key}.webp`;
