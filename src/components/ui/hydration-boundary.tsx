import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React may hydrate on its own, in
 * small slices after the rest (a Suspense boundary): hydrating the whole page
 * in one go is a long task that holds a slow phone. Nothing in it suspends,
 * so the server renders it whole and the fallback is never seen.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
