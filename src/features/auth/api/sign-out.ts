import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Ends the session everywhere (scope global, POST /auth/v1/logout). The
 * client clears the local session itself, also when the server says the
 * session is already gone (401/403/404). When the server cannot be reached
 * it keeps the session (its refresh token would stay valid on the server), so
 * this throws and the user can try again.
 */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'global' });
  if (error) throw error;
}

// Callbacks go in the hook's options, not in mutate(): the session change they
// cause can unmount the calling screen, and mutate() callbacks then never run.
export function useSignOut(options: Omit<UseMutationOptions<void, Error, void>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: signOut });
}
