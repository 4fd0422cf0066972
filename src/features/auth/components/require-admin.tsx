import type { User } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useIsAdmin } from '../api/get-is-admin';
import { useAuth } from '../lib/auth-context';
import { CheckingSession } from './checking-session';
import { NoAccess } from './no-access';
import { RoleCheckFailed } from './role-check-failed';

/**
 * The /admin guard: session first, then the admin role from the database.
 * Signed-out visitors are replaced by /auth (no history entry to come back to);
 * signed-in non-admins get an explanation and a way out, never the editor.
 * One component, so the wait screen stays mounted across both checks.
 */
export function RequireAdmin({ children }: { children: (user: User) => ReactNode }) {
  const auth = useAuth();
  const user = auth.status === 'signed-in' ? auth.user : undefined;
  const isAdmin = useIsAdmin(user?.id);
  if (auth.status === 'signed-out') return <Navigate to={paths.auth} replace />;
  if (!user || isAdmin.isPending) return <CheckingSession />;
  if (isAdmin.isError) return <RoleCheckFailed onRetry={() => void isAdmin.refetch()} />;
  if (!isAdmin.data) return <NoAccess email={user.email ?? ''} />;
  return children(user);
}
