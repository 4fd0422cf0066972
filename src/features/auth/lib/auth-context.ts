import { createContext, useContext } from 'react';
import type { AuthState } from './auth-state';

export const AuthContext = createContext<AuthState | null>(null);

/** The session state; only inside <AuthProvider/> (the session layout). */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
