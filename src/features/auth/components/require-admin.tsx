import type { User } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useIsAdmin } from '../api/get-is-admin';
import { needsSecondFactor, useAssurance } from '../api/mfa';
import { useAuth } from '../lib/auth-context';
import { CheckingSession } from './checking-session';
import { MfaChallenge } from './mfa-challenge';
import { NoAccess } from './no-access';
import { RoleCheckFailed } from './role-check-failed';

/**
 * The /admin guard: session first, then the admin role from the database,
 * then her second factor if she has one (the database refuses an aal1
 * session's writes anyway; this says what to do about it).
 * Signed-out visitors are replaced by /auth (no history entry to come back to);
 * signed-in non-admins get an explanation and a way out, never the editor.
 * One component, so the wait screen stays mounted across both checks.
 */
export function RequireAdmin({ children }: { children: (user: User) => ReactNode }) {
  const auth = useAuth();
  const user = auth.status === 'signed-in' ? auth.user : undefined;
  const isAdmin = useIsAdmin(user?.id);
  const assurance = useAssurance(auth.status === 'signed-in' ? auth.session : undefined);
  if (auth.status === 'signed-out') return <Navigate to={paths.auth} replace />;
  if (!user || isAdmin.isPending || assurance.isPending) return <CheckingSession />;
  if (isAdmin.isError) return <RoleCheckFailed onRetry={() => void isAdmin.refetch()} />;
  if (assurance.isError) return <RoleCheckFailed onRetry={() => void assurance.refetch()} />;
  if (!isAdmin.data) return <NoAccess email={user.email ?? ''} />;
  if (needsSecondFactor(assurance.data)) {
    return (
      <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
        <MfaChallenge userId={user.id} />
      </main>
    );
  }
  return children(user);
}
