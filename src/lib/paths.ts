import { DEFAULT_LANGUAGE, isLanguage, type Language } from './language';

/** Her published work's list in each language (issue 43); a post's slug can never be these (reserved in the database). */
export const CLIPS_PATH: Record<Language, string> = { pt: '/pt/publicacoes', en: '/en/published-work' };

/** Every in-app path, so links are never string literals scattered in components. */
export const paths = {
  root: '/',
  home: (language: Language) => `/${language}`,
  blogSection: (language: Language) => `/${language}#blog`,
  /** A post's address (issue 23): its language and its slug, `/pt/comunicacao-de-crise`. */
  post: (language: Language, slug: string) => `/${language}/${encodeURIComponent(slug)}`,
  /** Her fediverse account of a language, and a post as ActivityPub reads them (issue 45; served by server/fediverse/). */
  activityPubActor: (language: Language) => `/ap/users/${language}`,
  activityPubPost: (id: string) => `/ap/posts/${encodeURIComponent(id)}`,
  /** The address posts had before slugs: it answers a permanent redirect to the post's address. */
  legacyPost: (id: string) => `/post/${encodeURIComponent(id)}`,
  /** Her published work (issue 43): the list, each archived copy's address (by the clip's language and slug), and its feed. */
  clips: (language: Language) => CLIPS_PATH[language],
  clipCopy: (language: Language, slug: string) => `${CLIPS_PATH[language]}/${encodeURIComponent(slug)}`,
  clipsFeed: (language: Language) => `${CLIPS_PATH[language]}/rss.xml`,
  auth: '/auth',
  admin: '/admin',
  /** RSS 2.0 feed of a language's newest posts. */
  feed: (language: Language) => `/${language}/rss.xml`,
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  /** Link-preview images (1200×630 PNG): the default card of a home page, and a post's card (by id: an asset, not an address). */
  homeCard: (language: Language) => `/og/${language}.png`,
  postCard: (id: string) => `/og/post/${encodeURIComponent(id)}.png`,
  /** A review link (issue 26): a post as it will be published, for whoever holds the token. In the query, so a static host serves it as one file. */
  preview: (token: string) => `/preview?token=${encodeURIComponent(token)}`,
} as const;

/** The address of a post row (its language as the database has it: pt or en). */
export function postPath(post: { language: string; slug: string }): string {
  return paths.post(isLanguage(post.language) ? post.language : DEFAULT_LANGUAGE, post.slug);
}

/** The full URL of a post, for sharing. */
export function postUrl(language: Language, slug: string, origin: string = window.location.origin): string {
  return new URL(paths.post(language, slug), origin).toString();
}
