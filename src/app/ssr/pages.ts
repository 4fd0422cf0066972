import type { QueryClient } from '@tanstack/react-query';
import { homeHead } from '@/app/head/home-head';
import type { HeadSpec } from '@/app/head/head-spec';
import { notFoundHead, postNotFoundHead } from '@/app/head/not-found-head';
import { postHead, postLanguage } from '@/app/head/post-head';
import { routeIds } from '@/app/router';
import { postQueryOptions } from '@/features/posts/api/get-post';
import { translationQueryOptions } from '@/features/posts/api/get-translation';
import { postsQueryOptions } from '@/features/posts/api/get-posts';
import { categoryFromParams, pageFromParams } from '@/features/posts/lib/listing-params';
import { settingsQueryOptions } from '@/features/settings/api/get-settings';
import type { Language } from '@/lib/language';
import type { PublicDb } from '@/lib/public-db';

export interface PageContext {
  queryClient: QueryClient;
  db: PublicDb;
  params: Record<string, string>;
  /** The path and query rendered (the listing reads ?category= and ?page=). */
  url: URL;
  siteUrl: string;
}

export interface LoadedPage {
  status: number;
  head: HeadSpec;
}

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
    await Promise.all([queryClient.prefetchQuery(settings), queryClient.prefetchInfiniteQuery(listing)]);
    const head = homeHead(language, queryClient.getQueryData(settings.queryKey), siteUrl, view);
    // A page past the last one is not a page: 404, out of search results.
    const empty = queryClient.getQueryData(listing.queryKey)?.pages[0]?.posts.length === 0;
    if (view.page > 1 && empty) return { status: 404, head: { ...head, robots: 'noindex' } };
    return { status: 200, head };
  };

const post: PageLoader = async ({ queryClient, db, params, siteUrl }) => {
  const detail = postQueryOptions(db, params.id ?? '');
  await queryClient.prefetchQuery(detail);
  const found = queryClient.getQueryData(detail.queryKey);
  if (!found) return { status: 404, head: postNotFoundHead() };
  // The author's name for the structured data (also fills the cache for the
  // way back to the blog), and the published translation: its link and hreflang.
  const settings = settingsQueryOptions(db, postLanguage(found));
  const translation = translationQueryOptions(db, found);
  await Promise.all([queryClient.prefetchQuery(settings), queryClient.prefetchQuery(translation)]);
  const head = postHead(found, queryClient.getQueryData(settings.queryKey), siteUrl, queryClient.getQueryData(translation.queryKey));
  return { status: 200, head };
};

const notFound: PageLoader = async () => ({ status: 404, head: notFoundHead() });

export const pageLoaders: Partial<Record<string, PageLoader>> = {
  [routeIds.homePt]: home('pt'),
  [routeIds.homeEn]: home('en'),
  [routeIds.post]: post,
  [routeIds.notFound]: notFound,
};
