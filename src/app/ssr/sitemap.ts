import { create } from 'xmlbuilder2';
import { absoluteUrl } from '@/app/head/head-spec';
import { translationAlternates } from '@/app/head/post-head';
import { HREFLANG, isLanguage, LANGUAGES, otherLanguage } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import type { ListedPost } from './site-queries';

/**
 * sitemap.xml: both homes (each naming the other as its translation, and
 * /pt as x-default) and every published post with its last change, and with
 * its published translation as alternates, as its page's head has them.
 */
export function renderSitemap(posts: readonly ListedPost[], siteUrl: string): string {
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
    const newest = posts.filter((p) => p.language === language).map((p) => p.updated_at).sort().at(-1);
    if (newest) url.ele('lastmod').txt(new Date(newest).toISOString());
    for (const alternate of homeAlternates) url.ele('xhtml:link', { rel: 'alternate', ...alternate });
  }
  const byGroupAndLanguage = new Map<string, ListedPost>();
  for (const post of posts) {
    if (post.translation_group) byGroupAndLanguage.set(`${post.translation_group} ${post.language}`, post);
  }
  for (const post of posts) {
    if (!isLanguage(post.language)) continue;
    const url = urlset.ele('url');
    url.ele('loc').txt(absoluteUrl(siteUrl, postPath(post)));
    url.ele('lastmod').txt(new Date(post.updated_at).toISOString());
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
