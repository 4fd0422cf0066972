import type { SiteSetting } from '@/features/settings/api/get-settings';
import { resolveSiteTexts } from '@/features/settings/lib/site-texts';
import { FIRST_SCREEN } from '@/lib/first-screen';
import { t } from '@/lib/i18n';
import { HREFLANG, LANGUAGES, LOCALE, OG_LOCALE, otherLanguage, type Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { listingSearch } from '@/features/posts/lib/listing-params';
import { homeDescription, homeTitle, type ListingView } from './home-title';
import { cardVersion } from './card-version';
import { absoluteUrl, SHARE_CARD, shareImageMeta, summarize, type HeadSpec, type LinkTag } from './head-spec';

/** Profiles that identify her (schema.org sameAs); chat and company links do not. */
const PROFILE_KEYS = new Set(['contact_linkedin_url', 'contact_instagram_url', 'contact_youtube_url']);

/** What the home card shows; its URL carries their fingerprint. */
export function homeCardText(language: Language, settings: readonly SiteSetting[] | undefined) {
  const { texts } = resolveSiteTexts(settings, language);
  return { title: texts.hero_title, label: texts.hero_subtitle, byline: texts.author_name, siteName: t(language).meta.title };
}

export function homeHead(
  language: Language,
  settings: readonly SiteSetting[] | undefined,
  siteUrl: string,
  view: ListingView = { category: 'all', page: 1 },
): HeadSpec {
  const dict = t(language);
  const { texts, contactLinks } = resolveSiteTexts(settings, language);
  const isHome = view.category === 'all' && view.page === 1;
  // Each listing page is its own address (page 2 of a category is not the home).
  const url = absoluteUrl(siteUrl, paths.home(language) + listingSearch(view.category, view.page));
  const title = homeTitle(language, view);
  const card = homeCardText(language, settings);
  const image = {
    url: `${absoluteUrl(siteUrl, paths.homeCard(language))}?v=${cardVersion(Object.values(card))}`,
    ...SHARE_CARD,
    alt: dict.meta.shareCardAlt(card.title),
  };
  const description = homeDescription(language, texts.hero_description);
  // The translations of a home are the other home; a listing page has none.
  const alternates: LinkTag[] = !isHome ? [] : [
    ...LANGUAGES.map((l) => ({ rel: 'alternate', hreflang: HREFLANG[l], href: absoluteUrl(siteUrl, paths.home(l)) })),
    { rel: 'alternate', hreflang: 'x-default', href: absoluteUrl(siteUrl, paths.home('pt')) },
  ];
  const personId = absoluteUrl(siteUrl, '/#person');
  return {
    lang: LOCALE[language],
    title,
    description,
    canonical: url,
    firstScreen: FIRST_SCREEN.home,
    meta: [
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: dict.meta.title },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      { property: 'og:locale', content: OG_LOCALE[language] },
      ...(isHome ? [{ property: 'og:locale:alternate', content: OG_LOCALE[otherLanguage(language)] }] : []),
      ...shareImageMeta(image),
    ],
    links: [
      ...alternates,
      { rel: 'alternate', type: 'application/rss+xml', title: dict.meta.feedTitle, href: absoluteUrl(siteUrl, paths.feed(language)) },
      // Her account of this language, for fediverse clients and servers (issue 45).
      { rel: 'alternate', type: 'application/activity+json', href: absoluteUrl(siteUrl, paths.activityPubActor(language)) },
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'WebSite',
          '@id': `${url}#website`,
          name: dict.meta.title,
          url,
          description,
          inLanguage: HREFLANG[language],
          author: { '@id': personId },
          publisher: { '@id': personId },
        },
        {
          '@type': 'Person',
          '@id': personId,
          name: texts.author_name,
          jobTitle: texts.hero_subtitle,
          description: summarize(texts.about_description_1, 300),
          url,
          sameAs: contactLinks.filter((link) => PROFILE_KEYS.has(link.key)).map((link) => link.url),
        },
      ],
    },
  };
}
