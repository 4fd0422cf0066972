import type { Language } from './language';

/** Every in-app path, so links are never string literals scattered in components. */
export const paths = {
  root: '/',
  home: (language: Language) => `/${language}`,
  blogSection: (language: Language) => `/${language}#blog`,
  post: (id: string) => `/post/${encodeURIComponent(id)}`,
  auth: '/auth',
  admin: '/admin',
} as const;

/** The full URL of a post, for sharing. */
export function postUrl(id: string, origin: string = window.location.origin): string {
  return new URL(paths.post(id), origin).toString();
}
