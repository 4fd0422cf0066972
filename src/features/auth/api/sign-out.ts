import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Ends the session everywhere (scope global, POST /auth/v1/logout). If the
 * server cannot be reached the client keeps the session, so we then drop it
 * locally: pressing 'Sair' must always sign this browser out.
 */
export async function signOut(): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: 'global' });
  if (error) {
    const local = await supabase.auth.signOut({ scope: 'local' });
    if (local.error) throw local.error;
  }
}

// Callbacks go in the hook's options, not in mutate(): the session change they
// cause can unmount the calling screen, and mutate() callbacks then never run.
export function useSignOut(options: Omit<UseMutationOptions<void, Error, void>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: signOut });
}
