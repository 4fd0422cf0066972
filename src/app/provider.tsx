import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { PublicDbProvider, type PublicDb } from '@/lib/public-db';

interface Props {
  queryClient: QueryClient;
  db: PublicDb;
  children: ReactNode;
}

export function AppProvider({ queryClient, db, children }: Props) {
  // Once the page's shell has hydrated, the tap src/app/boot.js held for the app (if any) is the
  // app's to answer. From a task of its own: dispatched from inside React's effects, a tap on a part
  // not yet hydrated could not make React hydrate that part first, and React would drop it. A hook
  // here, not a component beside the app: a sibling would change every useId below (a mismatch).
  useEffect(() => {
    const handOver = window.setTimeout(() => window.siteBoot?.ready(), 0);
    return () => window.clearTimeout(handOver);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <PublicDbProvider db={db}>
        {children}
        <Toaster />
      </PublicDbProvider>
    </QueryClientProvider>
  );
}
