import type { ClipWithCopy } from '@/features/clips-public/api/get-clip-copy';
import { CLIPS_PER_PAGE, type ListedClip } from '@/features/clips-public/api/get-clips';
import { clipOriginal } from '@/features/clips-public/lib/clip-links';
import { clipsSearch, isWholeList, type ClipsView } from '@/features/clips-public/lib/clips-params';
import { t } from '@/lib/i18n';
import { clipsText } from '@/lib/i18n-clips';
import { HREFLANG, isLanguage, LANGUAGES, LOCALE, OG_LOCALE, type Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { absoluteUrl, summarize, type HeadSpec, type LinkTag } from './head-spec';

/** The list's title: "Publicações", then the outlet, the year and the page when a view shows them. */
export function clipsTitle(language: Language, view: ClipsView): string {
  const texts = clipsText(language);
  const parts = [texts.title, view.outlet, view.year && String(view.year), view.page > 1 && texts.page(view.page)].filter(Boolean);
  return `${parts.join(' · ')} — ${t(language).meta.title}`;
}

/**
 * A clip as schema.org: NewsArticle (CreativeWork for print), its url the
 * original (a print clip's file), its author her byline as printed on it.
 */
export function clipJsonLd(clip: ListedClip, siteUrl: string): Record<string, unknown> {
  const original = clipOriginal(clip);
  return {
    '@type': clip.kind === 'print' ? 'CreativeWork' : 'NewsArticle',
    headline: clip.title,
    ...(original ? { url: absoluteUrl(siteUrl, original) } : {}),
    ...(clip.published_on ? { datePublished: clip.published_on } : {}),
    ...(clip.outlet ? { publisher: { '@type': 'Organization', name: clip.outlet } } : {}),
    ...(clip.byline ? { author: { '@type': 'Person', name: clip.byline } } : {}),
    inLanguage: isLanguage(clip.language) ? HREFLANG[clip.language] : clip.language,
    ...(clip.summary ? { description: clip.summary } : {}),
    ...(clip.image_url ? { image: absoluteUrl(siteUrl, clip.image_url) } : {}),
  };
}

/** /pt/publicacoes, /en/published-work and their views: title, canonical, alternates (the whole list only), feed, and the page's clips as an ItemList. */
export function clipsHead(language: Language, view: ClipsView, clips: readonly ListedClip[], siteUrl: string): HeadSpec {
  const texts = clipsText(language);
  const url = absoluteUrl(siteUrl, paths.clips(language) + clipsSearch(language, view));
  const title = clipsTitle(language, view);
  const alternates: LinkTag[] = !isWholeList(view)
    ? []
    : [
        ...LANGUAGES.map((l) => ({ rel: 'alternate', hreflang: HREFLANG[l], href: absoluteUrl(siteUrl, paths.clips(l)) })),
        { rel: 'alternate', hreflang: 'x-default', href: absoluteUrl(siteUrl, paths.clips('pt')) },
      ];
  return {
    lang: LOCALE[language],
    title,
    description: texts.description,
    canonical: url,
    meta: [
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: t(language).meta.title },
      { property: 'og:title', content: title },
      { property: 'og:description', content: texts.description },
      { property: 'og:url', content: url },
      { property: 'og:locale', content: OG_LOCALE[language] },
    ],
    links: [
      ...alternates,
      { rel: 'alternate', type: 'application/rss+xml', title: texts.feedTitle, href: absoluteUrl(siteUrl, paths.clipsFeed(language)) },
      // Her account of this language, as on the home (issue 45).
      { rel: 'alternate', type: 'application/activity+json', href: absoluteUrl(siteUrl, paths.activityPubActor(language)) },
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: texts.title,
      url,
      numberOfItems: clips.length,
      itemListElement: clips.map((clip, i) => ({ '@type': 'ListItem', position: (view.page - 1) * CLIPS_PER_PAGE + i + 1, item: clipJsonLd(clip, siteUrl) })),
    },
  };
}

/**
 * An archived copy: canonical to the original while it lives (the outlet's
 * text is theirs; her copy must not compete with it in search), to itself
 * once the original is dead.
 */
export function clipCopyHead(clip: ClipWithCopy, language: Language, siteUrl: string): HeadSpec {
  const own = absoluteUrl(siteUrl, paths.clipCopy(language, clip.slug));
  const canonical = clip.url && clip.link_status !== 'dead' ? clip.url : own;
  const description = clip.summary ? summarize(clip.summary) : clipsText(language).archivedNote;
  return {
    lang: LOCALE[language],
    title: `${clip.title} — ${t(language).meta.title}`,
    description,
    canonical,
    meta: [
      { property: 'og:type', content: 'article' },
      { property: 'og:site_name', content: t(language).meta.title },
      { property: 'og:title', content: clip.title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: own },
      { property: 'og:locale', content: OG_LOCALE[language] },
    ],
    // Her account of this language (issue 45): the copy is hers to show, not an object of its own.
    links: [{ rel: 'alternate', type: 'application/activity+json', href: absoluteUrl(siteUrl, paths.activityPubActor(language)) }],
    jsonLd: { '@context': 'https://schema.org', ...clipJsonLd({ ...clip, file_url: null }, siteUrl) },
  };
}
