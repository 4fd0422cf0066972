import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createPublicDb } from '@/lib/public-db';
import { supabaseConfig } from '@/lib/supabase-config';

/** Renders the whole app (real routes, providers) at `url`, with a fresh cache. */
export function renderApp(url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient} db={createPublicDb(supabaseConfig())}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, user, router, queryClient };
}
