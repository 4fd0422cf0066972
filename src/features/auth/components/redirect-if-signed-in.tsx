import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useAuth } from '../lib/auth-context';
import { CheckingSession } from './checking-session';

/** /auth is only for signed-out visitors: a signed-in user goes straight to /admin (spec §2). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <CheckingSession />;
  if (auth.status === 'signed-in') return <Navigate to={paths.admin} replace />;
  return children;
}
