import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { supabase } from '@/lib/supabase';
import { authKeys } from '../api/keys';
import { AuthContext } from '../lib/auth-context';
import { initialAuthState, nextAuthState, type AuthState } from '../lib/auth-state';

/**
 * The one subscriber to supabase auth events. The client itself persists the
 * session in localStorage, refreshes it on a timer and tells other tabs
 * (BroadcastChannel), so a sign-in or sign-out in one tab reaches this state
 * in every tab. Mounted only by the session layout, so public pages never
 * load it.
 */
interface AuthProviderProps {
  children: ReactNode;
  /** Runs on SIGNED_OUT, for the app to drop other features' private caches. */
  onSignedOut?: () => void;
}

export function AuthProvider({ children, onSignedOut }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(initialAuthState);
  const queryClient = useQueryClient();

  useEffect(() => {
    // The callback only sets state: calling other supabase methods from it
    // would run inside the client's auth lock.
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      setState(nextAuthState(event, session));
      if (event === 'SIGNED_OUT') {
        // Forget what the previous user was allowed to see (role, drafts).
        queryClient.removeQueries({ queryKey: authKeys.all });
        onSignedOut?.();
      }
    });
    return () => data.subscription.unsubscribe();
  }, [queryClient, onSignedOut]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
