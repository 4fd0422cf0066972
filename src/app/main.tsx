import { startTransition, StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@/index.css';
import { adoptServerDateLabels } from '@/lib/dates';
import { createPublicDb } from '@/lib/public-db';
import { supabaseConfig } from '@/lib/supabase-config';
import { AppProvider } from './provider';
import { makeQueryClient } from './query-client';
import { routes } from './router';
import { hydrateQueries, isSamePage, loadLazyRoutes, readSsrState } from './ssr-state';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  // React DOM's renderer is evaluated in a task of its own, after the site's code (this
  // module's graph): evaluated as one graph they were one task of ~330 ms at 4× CPU, and a
  // tap that came meanwhile waited for all of it. The starter fetched both at once.
  const renderer = import('react-dom/client');
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
    adoptServerDateLabels(ssr.dates);
    await loadLazyRoutes(routes, window.location);
  }
  // The scripts' evaluation, the router's set-up and the hydration in tasks
  // of their own, each short enough to let a tap through between them.
  const { createRoot, hydrateRoot } = await renderer;
  if (hydrating) await nextTask();
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient} db={db}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (hydrating) {
    // The hydration as a transition, which React renders in slices of a few
    // milliseconds, yielding to the reader's input between them (a plain
    // hydrateRoot renders the page's shell in one task: 240 ms at 4× CPU).
    // A tap on a part not yet hydrated makes React hydrate that part at once
    // and then replay the tap (issue 28).
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

void start();
