import type { QueryClient } from '@tanstack/react-query';
import { clipCopyHead, clipsHead } from '@/app/head/clips-head';
import { homeHead } from '@/app/head/home-head';
import { clipCopyQueryOptions } from '@/features/clips-public/api/get-clip-copy';
import { clipFacetsQueryOptions } from '@/features/clips-public/api/get-clip-facets';
import { clipsQueryOptions } from '@/features/clips-public/api/get-clips';
import { homeClipsQueryOptions } from '@/features/clips-public/api/get-home-clips';
import { movedPostQueryOptions } from '@/features/clips-public/api/get-moved-post';
import { clipsViewFromParams } from '@/features/clips-public/lib/clips-params';
import { newsletterHead } from '@/app/head/newsletter-head';
import type { HeadSpec } from '@/app/head/head-spec';
import { notFoundHead, postNotFoundHead } from '@/app/head/not-found-head';
import { postHead, postLanguage } from '@/app/head/post-head';
import { reviewHead, reviewNotFoundHead } from '@/app/head/review-head';
import { searchHead } from '@/app/head/search-head';
import { routeIds } from '@/app/router';
import { confirmView, subscribeView, unsubscribeView } from '@/features/newsletter-public/lib/page-views';
import { confirmPageText, subscribePageText, unsubscribePageText, type PageText } from '@/features/newsletter-public/lib/page-texts';
import { fediverseAddressQueryOptions } from '@/features/fediverse-public/api/get-account';
import { repliesQueryOptions } from '@/features/fediverse-public/api/get-replies';
import { correctionsQueryOptions } from '@/features/posts/api/get-corrections';
import { postQueryOptions, type PostLookup } from '@/features/posts/api/get-post';
import { reviewQueryOptions } from '@/features/posts/api/get-review-post';
import { translationQueryOptions } from '@/features/posts/api/get-translation';
import { postsQueryOptions } from '@/features/posts/api/get-posts';
import { categoryFromParams, pageFromParams } from '@/features/posts/lib/listing-params';
import { searchQueryOptions } from '@/features/search/api/search-site';
import { settingsQueryOptions } from '@/features/settings/api/get-settings';
import type { Language } from '@/lib/language';
import { postPath } from '@/lib/paths';
import { normalizeQuery, searchPageFromParams } from '@/lib/search-paths';
import type { PublicDb } from '@/lib/public-db';

export interface PageContext {
  queryClient: QueryClient;
  db: PublicDb;
  params: Record<string, string>;
  /** The path and query rendered (the listing reads ?category= and ?page=). */
  url: URL;
  siteUrl: string;
}

export type LoadedPage =
  /** `private`: one reader's page (a review link's: issue 26), never kept and never shared. */
  | { status: number; head: HeadSpec; private?: true }
  /** The page has moved for good: a post asked for by an old address. */
  | { status: 301; location: string };

/**
 * What each public page reads before it is rendered, through the same query
 * options its components use (so the components find the data in the cache
 * and the browser gets it in the page), and what its answer is: the status
 * and the head.
 */
type PageLoader = (ctx: PageContext) => Promise<LoadedPage>;

const home =
  (language: Language): PageLoader =>
  async ({ queryClient, db, url, siteUrl }) => {
    const view = { category: categoryFromParams(language, url.searchParams), page: pageFromParams(url.searchParams) };
    const settings = settingsQueryOptions(db, language);
    const listing = postsQueryOptions(db, { language, ...view });
    // The home's published-work section (issue 43); her fediverse address on this site's host (issue 45).
    await Promise.all([
      queryClient.prefetchQuery(settings),
      queryClient.prefetchInfiniteQuery(listing),
      queryClient.prefetchQuery(homeClipsQueryOptions(db)),
      queryClient.prefetchQuery(fediverseAddressQueryOptions(db, language, new URL(siteUrl).host)),
    ]);
    const head = homeHead(language, queryClient.getQueryData(settings.queryKey), siteUrl, view);
    // A page past the last one is not a page: 404, out of search results.
    const empty = queryClient.getQueryData(listing.queryKey)?.pages[0]?.posts.length === 0;
    if (view.page > 1 && empty) return { status: 404, head: { ...head, robots: 'noindex' } };
    return { status: 200, head };
  };

/**
 * A post page, at the post's address or at one it had (/post/<id>, an old
 * slug: issue 23). Read at any other address than its own, the post has
 * moved: 301 there, permanent because the old address will never mean
 * anything else while the post exists.
 */
const post =
  (lookupOf: (params: Record<string, string>) => PostLookup): PageLoader =>
  async ({ queryClient, db, params, url, siteUrl }) => {
    const detail = postQueryOptions(db, lookupOf(params));
    await queryClient.prefetchQuery(detail);
    const found = queryClient.getQueryData(detail.queryKey);
    if (!found) return { status: 404, head: postNotFoundHead() };
    const address = postPath(found);
    if (address !== url.pathname) return { status: 301, location: address };
    // The author's name for the structured data (also fills the cache for the
    // way back to the blog), the published translation (its link and
    // hreflang), the corrections at the post's end (issue 26), the replies
    // from the fediverse she approved and her account (fediverse:creator:
    // issue 45).
    const settings = settingsQueryOptions(db, postLanguage(found));
    const translation = translationQueryOptions(db, found);
    const account = fediverseAddressQueryOptions(db, postLanguage(found), new URL(siteUrl).host);
    await Promise.all([
      queryClient.prefetchQuery(settings),
      queryClient.prefetchQuery(translation),
      queryClient.prefetchQuery(correctionsQueryOptions(db, found.id)),
      queryClient.prefetchQuery(repliesQueryOptions(db, found.id)),
      queryClient.prefetchQuery(account),
    ]);
    const head = postHead(found, queryClient.getQueryData(settings.queryKey), siteUrl, queryClient.getQueryData(translation.queryKey), {
      fediverseCreator: queryClient.getQueryData(account.queryKey)?.address,
    });
    return { status: 200, head };
  };

/**
 * A review link's page (issue 26): the post as it stands, read with the
 * token through review_post, and its corrections. Without a live link the
 * answer is one and the same 404 whatever the reason.
 */
const preview: PageLoader = async ({ queryClient, db, url }) => {
  const review = reviewQueryOptions(db, url.searchParams.get('token') ?? '');
  await queryClient.prefetchQuery(review);
  const found = queryClient.getQueryData(review.queryKey);
  if (!found) return { status: 404, head: reviewNotFoundHead(), private: true };
  await queryClient.prefetchQuery(correctionsQueryOptions(db, found.id));
  return { status: 200, head: reviewHead(found), private: true };
};

/**
 * Her published work (issue 43): a page of the list (featured first), the
 * filters' outlets and years, and the footer's texts. A page past the last
 * one is not a page (404, out of search results); a filter that matches
 * nothing is a page that says so.
 */
const clips =
  (language: Language): PageLoader =>
  async ({ queryClient, db, url, siteUrl }) => {
    const view = clipsViewFromParams(language, url.searchParams);
    const listing = clipsQueryOptions(db, view);
    await Promise.all([
      queryClient.prefetchQuery(settingsQueryOptions(db, language)),
      queryClient.prefetchQuery(listing),
      queryClient.prefetchQuery(clipFacetsQueryOptions(db)),
      queryClient.prefetchQuery(movedPostQueryOptions(db, language)),
    ]);
    const page = queryClient.getQueryData(listing.queryKey);
    const head = clipsHead(language, view, page?.clips ?? [], siteUrl);
    if (view.page > 1 && page?.clips.length === 0) return { status: 404, head: { ...head, robots: 'noindex' } };
    return { status: 200, head };
  };

/** An archived copy (issue 43): shown only for a published clip with its copy opened to the public; anything else is the 404 page. */
const clipCopy =
  (language: Language): PageLoader =>
  async ({ queryClient, db, params, siteUrl }) => {
    const detail = clipCopyQueryOptions(db, language, params.slug ?? '');
    await Promise.all([queryClient.prefetchQuery(detail), queryClient.prefetchQuery(settingsQueryOptions(db, language))]);
    const found = queryClient.getQueryData(detail.queryKey);
    if (!found) return { status: 404, head: notFoundHead() };
    return { status: 200, head: clipCopyHead(found, language, siteUrl) };
  };

/**
 * A search page (issue 44): one reader's query, so rendered for each request
 * and kept nowhere (the host treats it as private: no-store, noindex, and
 * the query sent as Referer to nobody). An empty query shows the box alone.
 */
const search =
  (language: Language): PageLoader =>
  async ({ queryClient, db, url }) => {
    const q = normalizeQuery(url.searchParams.get('q'));
    if (q) await queryClient.prefetchQuery(searchQueryOptions(db, { q, language, page: searchPageFromParams(url.searchParams) }));
    return { status: 200, head: searchHead(language, q), private: true };
  };

const notFound: PageLoader = async () => ({ status: 404, head: notFoundHead() });

/** A newsletter page (issue 25): made from its address alone, nothing read (opening it changes nothing either). */
const newsletter =
  <View extends { lang: Language }>(viewOf: (params: URLSearchParams) => View, textOf: (view: View) => PageText): PageLoader =>
  async ({ url }) => {
    const view = viewOf(url.searchParams);
    const { title, text } = textOf(view);
    return { status: 200, head: newsletterHead(view.lang, title, text) };
  };

export const pageLoaders: Partial<Record<string, PageLoader>> = {
  [routeIds.homePt]: home('pt'),
  [routeIds.homeEn]: home('en'),
  [routeIds.postPt]: post(({ slug = '' }) => ({ language: 'pt', slug })),
  [routeIds.postEn]: post(({ slug = '' }) => ({ language: 'en', slug })),
  [routeIds.clipsPt]: clips('pt'),
  [routeIds.clipsEn]: clips('en'),
  [routeIds.clipCopyPt]: clipCopy('pt'),
  [routeIds.clipCopyEn]: clipCopy('en'),
  [routeIds.searchPt]: search('pt'),
  [routeIds.searchEn]: search('en'),
  [routeIds.legacyPost]: post(({ id = '' }) => ({ id })),
  [routeIds.preview]: preview,
  [routeIds.newsletterSubscribe]: newsletter(subscribeView, subscribePageText),
  [routeIds.newsletterConfirm]: newsletter(confirmView, confirmPageText),
  [routeIds.newsletterUnsubscribe]: newsletter(unsubscribeView, unsubscribePageText),
  [routeIds.notFound]: notFound,
};
