import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '@/lib/paths';
import HomeRoute from './routes/home';
import NotFoundRoute from './routes/not-found';

// Home is eager (it is the landing page); everything else is split off, and the
// session/admin code never reaches the public bundle.
export const routes: RouteObject[] = [
  { path: paths.root, element: <Navigate to={paths.home('pt')} replace /> },
  { path: '/pt', element: <HomeRoute language="pt" /> },
  { path: '/en', element: <HomeRoute language="en" /> },
  { path: '/post/:id', lazy: async () => ({ Component: (await import('./routes/post')).default }) },
  {
    lazy: async () => ({ Component: (await import('./routes/session-layout')).default }),
    children: [
      { path: paths.auth, lazy: async () => ({ Component: (await import('./routes/auth')).default }) },
      { path: paths.admin, lazy: async () => ({ Component: (await import('./routes/admin')).default }) },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
];
