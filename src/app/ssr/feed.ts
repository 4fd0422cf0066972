import { Feed } from 'feed';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { postDescription, postModifiedAt } from '@/app/head/post-head';
import { absoluteUrl } from '@/app/head/head-spec';
import { resolveSiteTexts } from '@/features/settings/lib/site-texts';
import type { SiteSetting } from '@/features/settings/api/get-settings';
import { formatLongDate } from '@/lib/dates';
import { t } from '@/lib/i18n';
import { HREFLANG, type Language } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import type { FeedCorrection, FeedPost } from './site-queries';

const DCTERMS = 'http://purl.org/dc/terms/';

/**
 * An item's description is HTML to every feed reader: each paragraph of text
 * escaped by React, so a note reading "<3% & <b>" shows as written and no
 * markup or picture in it ever reaches a reader's screen.
 */
const paragraphsHtml = (texts: readonly string[]) =>
  renderToStaticMarkup(createElement(Fragment, null, ...texts.map((text, i) => createElement('p', { key: i }, text))));

/** The latest of a post's edit and its public revision: what makes a feed look new. */
const lastChange = (post: FeedPost) => Math.max(Date.parse(post.updated_at), post.revised_at ? Date.parse(post.revised_at) : 0);

/**
 * RSS 2.0 of a language: title, link (the post's address), guid, pubDate,
 * description (the excerpt, then its corrections, as the page words and
 * dates them: issue 26), dcterms:modified (when readers last saw it change),
 * category, language.
 */
export function renderFeed(
  language: Language,
  posts: readonly FeedPost[],
  settings: readonly SiteSetting[] | undefined,
  siteUrl: string,
  corrections: readonly FeedCorrection[] = [],
): string {
  const dict = t(language);
  const { texts } = resolveSiteTexts(settings, language);
  const home = absoluteUrl(siteUrl, paths.home(language));
  const newest = posts.reduce<number | undefined>((latest, post) => Math.max(latest ?? 0, lastChange(post)), undefined);
  const feed = new Feed({
    title: dict.meta.feedTitle,
    description: dict.meta.feedDescription,
    id: home,
    link: home,
    language: HREFLANG[language],
    copyright: texts.footer_copyright,
    // A fixed date when there is nothing yet, so an empty feed does not look new on every read.
    updated: new Date(newest ?? 0),
    generator: dict.meta.title,
    feedLinks: { rss: absoluteUrl(siteUrl, paths.feed(language)) },
  });
  for (const post of posts) {
    const notes = corrections
      .filter((c) => c.post_id === post.id)
      .map((c) => `${dict.post.correction(formatLongDate(c.created_at, language))} ${c.note}`);
    feed.addItem({
      title: post.title,
      // The guid feed readers already hold (isPermaLink="false"): the post's
      // first address, which never changes with its slug (decision 170).
      id: absoluteUrl(siteUrl, paths.legacyPost(post.id)),
      link: absoluteUrl(siteUrl, postPath(post)),
      description: paragraphsHtml([postDescription(post), ...notes]),
      // pubDate stays the publication: a reader sorting by it must not see a corrected post as new.
      date: new Date(post.date),
      category: post.category ? [{ name: post.category }] : undefined,
      // RSS 2.0 has no update date of its own. DCMI's dcterms:modified is the
      // one feed readers document for an RSS item (feedparser's
      // entries[i].updated comes from it or dc:date), and unlike dc:date it
      // cannot be read as the publication. Its namespace on the element: the
      // feed library declares only its own on <rss>.
      extensions: [
        {
          name: 'dcterms:modified',
          objects: { _attributes: { 'xmlns:dcterms': DCTERMS }, _text: new Date(postModifiedAt(post)).toISOString() },
        },
      ],
    });
  }
  return feed.rss2();
}
