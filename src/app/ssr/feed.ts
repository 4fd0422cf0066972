import { Feed } from 'feed';
import { postDescription } from '@/app/head/post-head';
import { absoluteUrl } from '@/app/head/head-spec';
import { resolveSiteTexts } from '@/features/settings/lib/site-texts';
import type { SiteSetting } from '@/features/settings/api/get-settings';
import { t } from '@/lib/i18n';
import { HREFLANG, type Language } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import type { FeedPost } from './site-queries';

/** RSS 2.0 of a language: title, link (the post's address), guid, pubDate, description (the excerpt), category, language. */
export function renderFeed(
  language: Language,
  posts: readonly FeedPost[],
  settings: readonly SiteSetting[] | undefined,
  siteUrl: string,
): string {
  const dict = t(language);
  const { texts } = resolveSiteTexts(settings, language);
  const home = absoluteUrl(siteUrl, paths.home(language));
  const newest = posts.reduce<Date | undefined>((latest, post) => {
    const at = new Date(post.updated_at);
    return !latest || at > latest ? at : latest;
  }, undefined);
  const feed = new Feed({
    title: dict.meta.feedTitle,
    description: dict.meta.feedDescription,
    id: home,
    link: home,
    language: HREFLANG[language],
    copyright: texts.footer_copyright,
    // A fixed date when there is nothing yet, so an empty feed does not look new on every read.
    updated: newest ?? new Date(0),
    generator: dict.meta.title,
    feedLinks: { rss: absoluteUrl(siteUrl, paths.feed(language)) },
  });
  for (const post of posts) {
    feed.addItem({
      title: post.title,
      // The guid feed readers already hold (isPermaLink="false"): the post's
      // first address, which never changes with its slug (decision 170).
      id: absoluteUrl(siteUrl, paths.legacyPost(post.id)),
      link: absoluteUrl(siteUrl, postPath(post)),
      description: postDescription(post),
      date: new Date(post.date),
      category: post.category ? [{ name: post.category }] : undefined,
    });
  }
  return feed.rss2();
}
