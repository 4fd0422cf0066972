/**
 * The server renderer of the public pages (/pt, /en, /pt/:slug, /en/:slug,
 * the 404 page; /post/:id and old slugs as redirects; a review link's page): the same routes, components and React Query options as the
 * browser, rendered to HTML with their data, which the page then carries to
 * the browser for hydration. Built by Vite into dist/.ssr/ (scripts/build.ts)
 * and hosted by the local backend (server/site/) and the static export
 * (scripts/build-static.ts). Also renders what belongs to the same pages:
 * feeds, sitemap, robots.txt and link-preview cards.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { homeCardText } from '@/app/head/home-head';
import { postCardText, postLanguage } from '@/app/head/post-head';
import { AppProvider } from '@/app/provider';
import { CLIENT_ONLY_ROUTES, routeIds, routes } from '@/app/router';
import { leafMatch, type SsrState } from '@/app/ssr-state';
import { recordDateLabels } from '@/lib/dates';
import { clipsSearch, clipsViewFromParams } from '@/features/clips-public/lib/clips-params';
import { newsletterRenderPath } from '@/features/newsletter-public/lib/page-views';
import { getPublishedPost } from '@/features/posts/api/get-post';
import { loadMarkdown } from '@/features/posts/lib/markdown/renderer';
import { getSettings } from '@/features/settings/api/get-settings';
import { categoryFromParams, listingSearch, pageFromParams } from '@/features/posts/lib/listing-params';
import { isLanguage, type Language } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import { normalizeQuery, searchPageFromParams, searchPath } from '@/lib/search-paths';
import { createPublicDb } from '@/lib/public-db';
import { canonicalPath } from './canonical-path';
import { renderFeed } from './feed';
import { renderHeadTags } from './head-tags';
import { jsonForScript } from './json-script';
import { pageLoaders } from './pages';
import { ShareCard } from './share-card';
import { renderClipsFeed } from './clips-feed';
import { getAllPostSlugs, getAllPublishedPosts, getClipCopies, getClipsLastChange, getFeedClips, getFeedCorrections, getFeedPosts } from './site-queries';
import type { PageTarget, RenderedPage, ShareCardTarget, SiteRenderer, SiteRendererOptions } from './site-renderer';
import { renderRobots, renderSitemap } from './sitemap';

export type { SiteRenderer, SiteRendererOptions } from './site-renderer';

const BASE = 'http://site.invalid';
const HOME_IDS: Record<string, Language> = { [routeIds.homePt]: 'pt', [routeIds.homeEn]: 'en' };
const POST_IDS: Record<string, Language> = { [routeIds.postPt]: 'pt', [routeIds.postEn]: 'en' };
const CLIPS_IDS: Record<string, Language> = { [routeIds.clipsPt]: 'pt', [routeIds.clipsEn]: 'en' };
const CLIP_COPY_IDS: Record<string, Language> = { [routeIds.clipCopyPt]: 'pt', [routeIds.clipCopyEn]: 'en' };
const SEARCH_IDS: Record<string, Language> = { [routeIds.searchPt]: 'pt', [routeIds.searchEn]: 'en' };

/**
 * The page a path leads to, named by what changes its HTML and nothing else:
 * for a home the (valid) category, for a post its address. Any other query
 * parameter (utm_source…) leads to the same page, so it cannot multiply the
 * server's cache, and the page is rendered from the clean path.
 */
function target(pathAndQuery: string): PageTarget {
  // Appended, never resolved against BASE: `//host/…` as a reference would name another host.
  const url = new URL(BASE + (pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`));
  // One address per page: /pt/, //pt and /pt//x redirect to the canonical form.
  const canonical = canonicalPath(url.pathname);
  if (canonical === paths.root) return { kind: 'redirect', status: 302, location: paths.home('pt') };
  if (canonical !== url.pathname) return { kind: 'redirect', status: 301, location: canonical + url.search };
  const { routeId, params } = leafMatch(routes, url);
  if (!routeId || CLIENT_ONLY_ROUTES.has(routeId)) return { kind: 'client' };
  const language = HOME_IDS[routeId];
  if (language) {
    const path = paths.home(language) + listingSearch(categoryFromParams(language, url.searchParams), pageFromParams(url.searchParams));
    return { kind: 'page', key: path, path };
  }
  // Her published work (issue 43): a view is its outlet, year and page, in a fixed order.
  const clipsLanguage = CLIPS_IDS[routeId];
  if (clipsLanguage) {
    const path = paths.clips(clipsLanguage) + clipsSearch(clipsLanguage, clipsViewFromParams(clipsLanguage, url.searchParams));
    return { kind: 'page', key: path, path };
  }
  const copyLanguage = CLIP_COPY_IDS[routeId];
  if (copyLanguage) {
    const path = paths.clipCopy(copyLanguage, params.slug ?? '');
    return { kind: 'page', key: path, path };
  }
  // A post's address, or an old one: whether it has moved is known once the
  // post is read (render() answers the redirect then), so each is a page.
  const postLanguage = POST_IDS[routeId];
  if (postLanguage) {
    const path = paths.post(postLanguage, params.slug ?? '');
    return { kind: 'page', key: path, path };
  }
  if (routeId === routeIds.legacyPost) {
    const path = paths.legacyPost(params.id ?? '');
    return { kind: 'page', key: path, path };
  }
  // A search (issue 44): one reader's query, rendered for each request and
  // kept nowhere (any text makes a new address: no cache may fill with them).
  const searchLanguage = SEARCH_IDS[routeId];
  if (searchLanguage) {
    const q = normalizeQuery(url.searchParams.get('q'));
    return { kind: 'private', path: searchPath(searchLanguage, q, searchPageFromParams(url.searchParams)) };
  }
  // A review link (issue 26): its holder's page, rendered for each request
  // and kept nowhere, so it has no key; other parameters are dropped.
  if (routeId === routeIds.preview) return { kind: 'private', path: paths.preview(url.searchParams.get('token') ?? '') };
  // A newsletter page is one of a few views; its token (a reader's secret)
  // is never part of the page, nor of the key it is kept under.
  const newsletterPath = newsletterRenderPath(url.pathname, url.searchParams);
  if (newsletterPath) return { kind: 'page', key: newsletterPath, path: newsletterPath };
  // Every unknown path renders the same 404 page.
  return { kind: 'page', key: '(not found)', path: url.pathname };
}

export function createSiteRenderer({ db: dbConfig, live }: SiteRendererOptions): SiteRenderer {
  const db = createPublicDb(dbConfig);
  const handler = createStaticHandler(routes);

  async function render(path: string, siteUrl: string): Promise<RenderedPage> {
    const url = new URL(path, BASE);
    const { routeId, params } = leafMatch(routes, url);
    const load = routeId ? pageLoaders[routeId] : undefined;
    if (!routeId || !load) throw new Error(`${path} is not a server-rendered page`);

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const loaded = await load({ queryClient, db, params, url, siteUrl });
    if ('location' in loaded) {
      queryClient.clear();
      return { status: loaded.status, location: loaded.location, lang: '', head: '', body: '', state: '', complete: true };
    }
    // A read that failed leaves its query out: the server renders it as still
    // loading, exactly as the browser's first render will, which then fetches it.
    const failed = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' });
    for (const query of failed) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });

    // A post's text is formatted here, in the one render; the browser keeps this HTML (post-body.tsx).
    await loadMarkdown();
    const context = await handler.query(new Request(url));
    if (context instanceof Response) throw new Error(`${path}: the router answered ${context.status} instead of a page`);
    const router = createStaticRouter(handler.dataRoutes, context);
    let body = '';
    const dates = recordDateLabels(() => {
      body = renderToString(
        <AppProvider queryClient={queryClient} db={db}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>,
      );
    });
    const status = failed.length > 0 ? 503 : loaded.status;
    const state: SsrState = { routeId, params, queries: dehydrate(queryClient), live, dates };
    queryClient.clear();
    return {
      status,
      lang: loaded.head.lang,
      head: renderHeadTags(loaded.head),
      body,
      // A private page not found carries no state (whose times would differ
      // from one answer to the next): the same bytes whatever the reason, and
      // the browser renders it afresh from its address.
      state: loaded.private && status === 404 ? '' : jsonForScript(state),
      complete: failed.length === 0,
      ...(loaded.private ? { private: true as const } : {}),
    };
  }

  async function shareCard(card: ShareCardTarget) {
    if (card.kind === 'home') return <ShareCard {...homeCardText(card.language, await getSettings(db, card.language))} />;
    const post = await getPublishedPost(db, card.id);
    if (!post) return null;
    return <ShareCard {...postCardText(post, await getSettings(db, postLanguage(post)))} />;
  }

  return {
    target,
    render,
    async feed(language, siteUrl) {
      const [posts, settings] = await Promise.all([getFeedPosts(db, language), getSettings(db, language)]);
      return renderFeed(language, posts, settings, siteUrl, await getFeedCorrections(db, posts));
    },
    async clipsFeed(language, siteUrl) {
      return renderClipsFeed(language, await getFeedClips(db), siteUrl);
    },
    async clipCopyPaths() {
      return (await getClipCopies(db)).filter((c) => isLanguage(c.language)).map((c) => paths.clipCopy(c.language as Language, c.slug));
    },
    async sitemap(siteUrl) {
      const [posts, lastChange, copies] = await Promise.all([getAllPublishedPosts(db), getClipsLastChange(db), getClipCopies(db)]);
      return renderSitemap(posts, siteUrl, { lastChange, copies });
    },
    robots: renderRobots,
    shareCard,
    async publishedPosts() {
      const [posts, slugs] = await Promise.all([getAllPublishedPosts(db), getAllPostSlugs(db)]);
      const addressesOf = new Map<string, string[]>();
      for (const slug of slugs) addressesOf.set(slug.post_id, [...(addressesOf.get(slug.post_id) ?? []), postPath(slug)]);
      return posts.map((post) => {
        const path = postPath(post);
        const older = (addressesOf.get(post.id) ?? []).filter((old) => old !== path);
        return { id: post.id, path, previous: [paths.legacyPost(post.id), ...older] };
      });
    },
  };
}
