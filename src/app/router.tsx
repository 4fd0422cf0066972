import { Navigate, type RouteObject } from 'react-router-dom';
import { newsletterPaths } from '@/features/newsletter-public/lib/addresses';
import { CLIPS_PATH, paths } from '@/lib/paths';
import { SEARCH_PATHS } from '@/lib/search-paths';
import HomeRoute from './routes/home';
import NotFoundRoute from './routes/not-found';

/**
 * Route ids, which the server renderer (src/app/ssr/pages.ts) maps to what
 * each page needs before it is rendered. The session routes (/auth, /admin)
 * are rendered in the browser only.
 */
export const routeIds = {
  root: 'root',
  homePt: 'home-pt',
  homeEn: 'home-en',
  postPt: 'post-pt',
  postEn: 'post-en',
  clipsPt: 'clips-pt',
  clipsEn: 'clips-en',
  clipCopyPt: 'clip-copy-pt',
  clipCopyEn: 'clip-copy-en',
  searchPt: 'search-pt',
  searchEn: 'search-en',
  legacyPost: 'legacy-post',
  preview: 'preview',
  newsletterSubscribe: 'newsletter-subscribe',
  newsletterConfirm: 'newsletter-confirm',
  newsletterUnsubscribe: 'newsletter-unsubscribe',
  session: 'session',
  auth: 'auth',
  admin: 'admin',
  notFound: 'not-found',
} as const;

export const CLIENT_ONLY_ROUTES: ReadonlySet<string> = new Set([routeIds.session, routeIds.auth, routeIds.admin]);

/**
 * What a lazy route shows while its module loads on a first visit that was
 * not server-rendered (/auth, /admin): nothing, for the moment it takes.
 */
const Loading = () => null;

const postRoute = async () => ({ Component: (await import('./routes/post')).default });
const clipsRoute = async () => ({ Component: (await import('./routes/clips')).default });
const clipCopyRoute = async () => ({ Component: (await import('./routes/clips')).ClipCopyRoute });
const newsletterRoute = (name: 'SubscribeRoute' | 'ConfirmRoute' | 'UnsubscribeRoute') => async () => ({
  Component: (await import('./routes/newsletter'))[name],
});

// Home is eager (it is the landing page); everything else is split off, and the
// session/admin code never reaches the public bundle.
export const routes: RouteObject[] = [
  { id: routeIds.root, path: paths.root, element: <Navigate to={paths.home('pt')} replace /> },
  { id: routeIds.homePt, path: '/pt', element: <HomeRoute language="pt" /> },
  { id: routeIds.homeEn, path: '/en', element: <HomeRoute language="en" /> },
  // Her published work (issue 43): ranked above a post's /pt/:slug (a static
  // segment wins), and no post may take these slugs (reserved in the database).
  { id: routeIds.clipsPt, path: CLIPS_PATH.pt, HydrateFallback: Loading, lazy: clipsRoute },
  { id: routeIds.clipsEn, path: CLIPS_PATH.en, HydrateFallback: Loading, lazy: clipsRoute },
  { id: routeIds.clipCopyPt, path: `${CLIPS_PATH.pt}/:slug`, HydrateFallback: Loading, lazy: clipCopyRoute },
  { id: routeIds.clipCopyEn, path: `${CLIPS_PATH.en}/:slug`, HydrateFallback: Loading, lazy: clipCopyRoute },
  // Search (issue 44): before the posts' addresses (busca and search are reserved slugs).
  {
    id: routeIds.searchPt,
    path: SEARCH_PATHS.pt,
    HydrateFallback: Loading,
    lazy: async () => ({ Component: (await import('./routes/search')).SearchPtRoute }),
  },
  {
    id: routeIds.searchEn,
    path: SEARCH_PATHS.en,
    HydrateFallback: Loading,
    lazy: async () => ({ Component: (await import('./routes/search')).SearchEnRoute }),
  },
  // A post's address (issue 23). /pt itself stays the home (a slug is a
  // second segment), and /pt/rss.xml is the server's feed, never a page (a
  // slug holds no dot: the server answers it before any route).
  { id: routeIds.postPt, path: '/pt/:slug', HydrateFallback: Loading, lazy: postRoute },
  { id: routeIds.postEn, path: '/en/:slug', HydrateFallback: Loading, lazy: postRoute },
  // The address posts had before: it moves to the post's address.
  {
    id: routeIds.legacyPost,
    path: '/post/:id',
    HydrateFallback: Loading,
    lazy: async () => ({ Component: (await import('./routes/post')).LegacyPostRoute }),
  },
  // A review link (issue 26): a post as it will be published, for whoever holds the token.
  {
    id: routeIds.preview,
    path: '/preview',
    HydrateFallback: Loading,
    lazy: async () => ({ Component: (await import('./routes/preview')).default }),
  },
  // The newsletter's pages (issue 25): the form's answer without JavaScript, and the links in its mails.
  { id: routeIds.newsletterSubscribe, path: newsletterPaths.subscribe, HydrateFallback: Loading, lazy: newsletterRoute('SubscribeRoute') },
  { id: routeIds.newsletterConfirm, path: newsletterPaths.confirm, HydrateFallback: Loading, lazy: newsletterRoute('ConfirmRoute') },
  { id: routeIds.newsletterUnsubscribe, path: newsletterPaths.unsubscribe, HydrateFallback: Loading, lazy: newsletterRoute('UnsubscribeRoute') },
  {
    id: routeIds.session,
    HydrateFallback: Loading,
    lazy: async () => ({ Component: (await import('./routes/session-layout')).default }),
    children: [
      { id: routeIds.auth, path: paths.auth, lazy: async () => ({ Component: (await import('./routes/auth')).default }) },
      { id: routeIds.admin, path: paths.admin, lazy: async () => ({ Component: (await import('./routes/admin')).default }) },
    ],
  },
  { id: routeIds.notFound, path: '*', element: <NotFoundRoute /> },
];
