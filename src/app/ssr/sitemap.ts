import { create } from 'xmlbuilder2';
import { absoluteUrl } from '@/app/head/head-spec';
import { translationAlternates } from '@/app/head/post-head';
import { HREFLANG, isLanguage, LANGUAGES, otherLanguage } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import type { ListedClipCopy, ListedPost } from './site-queries';

/** Her published work in the sitemap (issue 43): when a published clip last changed, and the copies she shows. */
export interface SitemapClips {
  lastChange?: string;
  copies: readonly ListedClipCopy[];
}

/**
 * A post page's last change: its last edit (any change of what the page
 * shows: title, text, image, category, address), its last public revision (a
 * correction moves only that: issue 26), or its publication (a scheduled post
 * appears by the clock, after its last edit), whichever came last.
 */
function lastChange(post: ListedPost): number {
  return Math.max(Date.parse(post.updated_at), Date.parse(post.date), post.revised_at ? Date.parse(post.revised_at) : 0);
}

/**
 * sitemap.xml: both homes (each naming the other as its translation, and
 * /pt as x-default) and every published post with its last change, and with
 * its published translation as alternates, as its page's head has them.
 */
export function renderSitemap(posts: readonly ListedPost[], siteUrl: string, clips: SitemapClips = { copies: [] }): string {
  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
    'xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
  });
  const homeAlternates = [
    ...LANGUAGES.map((l) => ({ hreflang: HREFLANG[l], href: absoluteUrl(siteUrl, paths.home(l)) })),
    { hreflang: 'x-default', href: absoluteUrl(siteUrl, paths.home('pt')) },
  ];
  for (const language of LANGUAGES) {
    const url = urlset.ele('url');
    url.ele('loc').txt(absoluteUrl(siteUrl, paths.home(language)));
    // A home changes when one of its posts does.
    const changes = posts.filter((p) => p.language === language).map(lastChange);
    if (changes.length > 0) url.ele('lastmod').txt(new Date(changes.reduce((a, b) => Math.max(a, b))).toISOString());
    for (const alternate of homeAlternates) url.ele('xhtml:link', { rel: 'alternate', ...alternate });
  }
  // The published-work lists, each the other's translation (issue 43).
  const clipsAlternates = [
    ...LANGUAGES.map((l) => ({ hreflang: HREFLANG[l], href: absoluteUrl(siteUrl, paths.clips(l)) })),
    { hreflang: 'x-default', href: absoluteUrl(siteUrl, paths.clips('pt')) },
  ];
  for (const language of LANGUAGES) {
    const url = urlset.ele('url');
    url.ele('loc').txt(absoluteUrl(siteUrl, paths.clips(language)));
    if (clips.lastChange) url.ele('lastmod').txt(new Date(clips.lastChange).toISOString());
    for (const alternate of clipsAlternates) url.ele('xhtml:link', { rel: 'alternate', ...alternate });
  }
  // A copy is its own page to a search engine only once the original is dead:
  // while the original lives, the copy's canonical is the original.
  for (const copy of clips.copies) {
    if (copy.link_status !== 'dead' || !isLanguage(copy.language)) continue;
    const url = urlset.ele('url');
    url.ele('loc').txt(absoluteUrl(siteUrl, paths.clipCopy(copy.language, copy.slug)));
    url.ele('lastmod').txt(new Date(copy.updated_at).toISOString());
  }
  const byGroupAndLanguage = new Map<string, ListedPost>();
  for (const post of posts) {
    if (post.translation_group) byGroupAndLanguage.set(`${post.translation_group} ${post.language}`, post);
  }
  for (const post of posts) {
    if (!isLanguage(post.language)) continue;
    const url = urlset.ele('url');
    url.ele('loc').txt(absoluteUrl(siteUrl, postPath(post)));
    url.ele('lastmod').txt(new Date(lastChange(post)).toISOString());
    const translation = post.translation_group
      ? byGroupAndLanguage.get(`${post.translation_group} ${otherLanguage(post.language)}`)
      : undefined;
    for (const { hreflang, href } of translationAlternates(post, translation, siteUrl)) {
      url.ele('xhtml:link', { rel: 'alternate', hreflang, href });
    }
  }
  return urlset.end({ prettyPrint: true });
}

/** robots.txt: everything may be crawled but the sign-in and admin screens; where the sitemap is. */
export function renderRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${paths.admin}`,
    `Disallow: ${paths.auth}`,
    '',
    `Sitemap: ${absoluteUrl(siteUrl, paths.sitemap)}`,
    '',
  ].join('\n');
}
