import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { PublicDbProvider, type PublicDb } from '@/lib/public-db';

interface Props {
  queryClient: QueryClient;
  db: PublicDb;
  /** Server render only: the page's <html lang>, which the browser reads from the document instead. */
  htmlLang?: string;
  children: ReactNode;
}

export function AppProvider({ queryClient, db, htmlLang, children }: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicDbProvider db={db}>
        {children}
        <Toaster htmlLang={htmlLang} />
      </PublicDbProvider>
    </QueryClientProvider>
  );
}
