import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out'; event: AuthChangeEvent }
  | { status: 'signed-in'; event: AuthChangeEvent; session: Session; user: User };

export const initialAuthState: AuthState = { status: 'loading' };

/**
 * Spec §4: loading, then signed in or signed out, driven by every auth event.
 * Each event but SIGNED_OUT carries the current session: INITIAL_SESSION (the
 * stored one, or null), SIGNED_IN (also when another tab signs in),
 * TOKEN_REFRESHED (new access token), USER_UPDATED (new email/metadata),
 * PASSWORD_RECOVERY (the recovery link signs the user in) and
 * MFA_CHALLENGE_VERIFIED (session upgraded to aal2). Trusting the session
 * rather than the event name also covers a failed refresh that drops it.
 */
export function nextAuthState(event: AuthChangeEvent, session: Session | null): AuthState {
  switch (event) {
    case 'SIGNED_OUT':
      return { status: 'signed-out', event };
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
    case 'PASSWORD_RECOVERY':
    case 'MFA_CHALLENGE_VERIFIED':
      return session ? { status: 'signed-in', event, session, user: session.user } : { status: 'signed-out', event };
  }
}
