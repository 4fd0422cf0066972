import { Feed } from 'feed';
import { absoluteUrl } from '@/app/head/head-spec';
import type { ListedClip } from '@/features/clips-public/api/get-clips';
import { clipDateTime } from '@/features/clips-public/lib/clip-date';
import { clipCopyPath, clipOriginal } from '@/features/clips-public/lib/clip-links';
import { clipsText } from '@/lib/i18n-clips';
import { HREFLANG, type Language } from '@/lib/language';
import { paths } from '@/lib/paths';

/** The clips' feed carries the newest 20, as the blog's does. */
export const CLIPS_FEED_SIZE = 20;

/**
 * RSS 2.0 of her published work (issue 43), /pt/publicacoes/rss.xml and
 * /en/published-work/rss.xml: the newest clips by date of publication; each
 * item links to the original (a print clip's file), or to its copy on her
 * site once the original is dead and she shows the copy. The summary is text,
 * escaped by the feed library.
 */
export function renderClipsFeed(language: Language, clips: readonly ListedClip[], siteUrl: string): string {
  const texts = clipsText(language);
  const list = absoluteUrl(siteUrl, paths.clips(language));
  const newest = clips.reduce((latest, clip) => Math.max(latest, Date.parse(clip.updated_at) || 0), 0);
  const feed = new Feed({
    title: texts.feedTitle,
    description: texts.feedDescription,
    id: list,
    link: list,
    language: HREFLANG[language],
    copyright: '',
    updated: new Date(newest),
    feedLinks: { rss: absoluteUrl(siteUrl, paths.clipsFeed(language)) },
  });
  for (const clip of clips) {
    const original = clipOriginal(clip);
    const copy = clip.show_archive && clip.kind === 'web' ? absoluteUrl(siteUrl, clipCopyPath(clip)) : undefined;
    const link = (clip.link_status === 'dead' && copy) || (original ? absoluteUrl(siteUrl, original) : (copy ?? list));
    feed.addItem({
      title: clip.outlet ? `${clip.title} (${clip.outlet})` : clip.title,
      // Stable whatever the link becomes: the clip's own id on her site.
      id: `${list}#${clip.id}`,
      link,
      description: clip.summary ?? '',
      date: new Date(clip.published_on ? clipDateTime(clip.published_on) : clip.updated_at),
      author: clip.byline ? [{ name: clip.byline }] : undefined,
    });
  }
  return feed.rss2();
}
