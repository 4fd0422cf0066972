import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@/index.css';
import { prepareDateFormats } from '@/lib/dates';
import { createPublicDb } from '@/lib/public-db';
import { supabaseConfig } from '@/lib/supabase-config';
import { AppProvider } from './provider';
import { makeQueryClient } from './query-client';
import { routes } from './router';
import { hydrateQueries, isSamePage, loadLazyRoutes, readSsrState } from './ssr-state';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  const container = document.getElementById('root')!;
  const queryClient = makeQueryClient();
  const db = createPublicDb(supabaseConfig());
  // A server-rendered public page is hydrated with the data it was rendered
  // from; anything else (/auth, /admin, a static host's 404.html shown for
  // another path) is rendered from scratch.
  const ssr = readSsrState();
  const hydrating = ssr !== undefined && container.firstElementChild !== null && isSamePage(ssr, routes, window.location);
  if (hydrating) {
    hydrateQueries(queryClient, ssr);
    await loadLazyRoutes(routes, window.location);
  }
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient} db={db}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProvider>
    </StrictMode>
  );
  if (hydrating) {
    // Tasks of their own: the scripts' evaluation, the date formats' set-up
    // and the hydration do not add up to one long task that holds the page.
    await nextTask();
    prepareDateFormats();
    await nextTask();
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
