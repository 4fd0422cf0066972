import type { Post } from '@/features/posts/api/get-posts';
import type { Translation } from '@/features/posts/api/get-translation';
import { plainText } from '@/features/posts/lib/markdown/plain-text';
import type { SiteSetting } from '@/features/settings/api/get-settings';
import { resolveSiteTexts } from '@/features/settings/lib/site-texts';
import { FIRST_SCREEN } from '@/lib/first-screen';
import { t } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, HREFLANG, isLanguage, LANGUAGES, LOCALE, OG_LOCALE, type Language } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import { cardVersion } from './card-version';
import { absoluteUrl, SHARE_CARD, shareImageMeta, summarize, type HeadSpec, type LinkTag, type ShareImage } from './head-spec';

export const postLanguage = (post: Pick<Post, 'language'>): Language =>
  isLanguage(post.language) ? post.language : DEFAULT_LANGUAGE;

/** What a post's generated card shows; its URL carries their fingerprint. */
export function postCardText(post: Post, settings: readonly SiteSetting[] | undefined) {
  const language = postLanguage(post);
  const { texts } = resolveSiteTexts(settings, language);
  return { title: post.title, label: post.category ?? '', byline: texts.author_name, siteName: t(language).meta.title };
}

/** The post's own picture when it has a usable one (http(s), or a path on this site). */
function ownImage(post: Post, siteUrl: string): string | undefined {
  const raw = post.image_url?.trim();
  if (!raw) return undefined;
  try {
    const url = new URL(raw, siteUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The image a link preview shows: hers, or a generated 1200×630 card with the title. */
export function postShareImage(post: Post, settings: readonly SiteSetting[] | undefined, siteUrl: string): ShareImage {
  const own = ownImage(post, siteUrl);
  if (own) return { url: own, alt: post.image_alt?.trim() || post.title };
  const card = postCardText(post, settings);
  return {
    url: `${absoluteUrl(siteUrl, paths.postCard(post.id))}?v=${cardVersion(Object.values(card))}`,
    ...SHARE_CARD,
    alt: t(postLanguage(post)).meta.shareCardAlt(post.title),
  };
}

/**
 * When readers last saw the post change (issue 26): its last revision after
 * publication (a save of its title, excerpt or text, or a correction), else
 * its publication. Not updated_at: that is the last edit of any kind, a
 * draft's saves before publication and changes of no reader's concern
 * included, and a correction does not move it.
 */
export function postModifiedAt(post: Pick<Post, 'date' | 'revised_at'>): string {
  if (!post.revised_at) return post.date;
  return Date.parse(post.revised_at) > Date.parse(post.date) ? post.revised_at : post.date;
}

/** A post's description: its excerpt, else the start of its text (without Markdown), else the site's. */
export function postDescription(post: Pick<Post, 'excerpt' | 'content' | 'language'>): string {
  // The text without its Markdown: a preview shows words, not "## " or "**".
  return summarize(post.excerpt?.trim() || plainText(post.content ?? '')) || t(postLanguage(post)).meta.description;
}

/**
 * hreflang alternates of a post and its published translation: both versions
 * and x-default (the Portuguese one, as for the homes). None without one.
 */
export function translationAlternates(
  post: Pick<Post, 'language' | 'slug'>,
  translation: Pick<Translation, 'language' | 'slug'> | null | undefined,
  siteUrl: string,
): (LinkTag & { hreflang: string })[] {
  if (!translation || !isLanguage(translation.language)) return [];
  // In the site's language order (Portuguese first), whichever page names them.
  const versions = [
    { language: postLanguage(post), slug: post.slug },
    { language: translation.language, slug: translation.slug },
  ].sort((a, b) => LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language));
  const byDefault = versions.find((v) => v.language === DEFAULT_LANGUAGE) ?? versions[0]!;
  return [
    ...versions.map((v) => ({ rel: 'alternate', hreflang: HREFLANG[v.language], href: absoluteUrl(siteUrl, postPath(v)) })),
    { rel: 'alternate', hreflang: 'x-default', href: absoluteUrl(siteUrl, postPath(byDefault)) },
  ];
}

export function postHead(
  post: Post,
  settings: readonly SiteSetting[] | undefined,
  siteUrl: string,
  translation?: Translation | null,
  /** Her fediverse account of the post's language, @handle@host (issue 45): Mastodon credits link previews to it. */
  { fediverseCreator }: { fediverseCreator?: string } = {},
): HeadSpec {
  const language = postLanguage(post);
  const dict = t(language);
  const { texts } = resolveSiteTexts(settings, language);
  const url = absoluteUrl(siteUrl, postPath(post));
  const home = absoluteUrl(siteUrl, paths.home(language));
  const description = postDescription(post);
  const image = postShareImage(post, settings, siteUrl);
  return {
    lang: LOCALE[language],
    title: post.title,
    description,
    canonical: url,
    firstScreen: FIRST_SCREEN.post,
    meta: [
      { property: 'og:type', content: 'article' },
      { property: 'og:site_name', content: dict.meta.title },
      { property: 'og:title', content: post.title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:locale', content: OG_LOCALE[language] },
      ...shareImageMeta(image),
      { property: 'article:published_time', content: post.date },
      { property: 'article:modified_time', content: postModifiedAt(post) },
      ...(post.category ? [{ property: 'article:section', content: post.category }] : []),
      ...(translation && isLanguage(translation.language)
        ? [{ property: 'og:locale:alternate', content: OG_LOCALE[translation.language] }]
        : []),
      ...(fediverseCreator ? [{ name: 'fediverse:creator', content: fediverseCreator }] : []),
    ],
    links: [
      ...translationAlternates(post, translation, siteUrl),
      { rel: 'alternate', type: 'application/rss+xml', title: dict.meta.feedTitle, href: absoluteUrl(siteUrl, paths.feed(language)) },
      // The post as an ActivityPub Article (issue 45).
      { rel: 'alternate', type: 'application/activity+json', href: absoluteUrl(siteUrl, paths.activityPubPost(post.id)) },
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      datePublished: post.date,
      dateModified: postModifiedAt(post),
      inLanguage: HREFLANG[language],
      ...(post.category ? { articleSection: post.category } : {}),
      author: { '@type': 'Person', name: texts.author_name, url: home },
      publisher: { '@type': 'Person', name: texts.author_name, url: home },
      image: image.url,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    },
  };
}
