import { useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useAuth } from '../lib/auth-context';
import { linkErrorIn, RECOVERY_PARAM } from '../lib/recovery-link';
import { CheckingSession } from './checking-session';
import { RecoveryCard } from './recovery-card';

interface RedirectIfSignedInProps {
  /** The sign-in screens; told when a recovery link was refused. */
  children: (linkRefused: boolean) => ReactNode;
  /** Wraps the new-password card like the sign-in screens. */
  frame: (content: ReactNode) => ReactNode;
}

/**
 * /auth is for signed-out visitors: a signed-in user goes straight to /admin
 * (spec §2), except when she arrives from a recovery link — she is signed
 * in by the link, and chooses her new password here first.
 */
export function RedirectIfSignedIn({ children, frame }: RedirectIfSignedInProps) {
  const auth = useAuth();
  const [params] = useSearchParams();
  // Read once: GoTrue's error fragment is not cleared by the client.
  const [linkRefused] = useState(() => linkErrorIn(window.location.hash) !== undefined);
  const recovering = params.has(RECOVERY_PARAM) || (auth.status === 'signed-in' && auth.event === 'PASSWORD_RECOVERY');
  if (auth.status === 'loading') return <CheckingSession />;
  if (auth.status === 'signed-in') {
    return recovering ? frame(<RecoveryCard session={auth.session} />) : <Navigate to={paths.admin} replace />;
  }
  return children(linkRefused);
}
