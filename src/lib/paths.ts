import type { Language } from './language';

/** Every in-app path, so links are never string literals scattered in components. */
export const paths = {
  root: '/',
  home: (language: Language) => `/${language}`,
  blogSection: (language: Language) => `/${language}#blog`,
  post: (id: string) => `/post/${encodeURIComponent(id)}`,
  auth: '/auth',
  admin: '/admin',
  /** RSS 2.0 feed of a language's newest posts. */
  feed: (language: Language) => `/${language}/rss.xml`,
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  /** Link-preview images (1200×630 PNG): the default card of a home page, and a post's card. */
  homeCard: (language: Language) => `/og/${language}.png`,
  postCard: (id: string) => `/og/post/${encodeURIComponent(id)}.png`,
} as const;

/** The full URL of a post, for sharing. */
export function postUrl(id: string, origin: string = window.location.origin): string {
  return new URL(paths.post(id), origin).toString();
}
