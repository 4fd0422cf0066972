import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * 'Sair' ends this device's session (scope local); 'Sair de todos os
 * dispositivos' ends every session of hers (scope global). The client clears
 * the local session itself, also when the server says the session is already
 * gone (401/403/404). When the server cannot be reached it keeps the session
 * (its refresh token would stay valid on the server), so this throws and she
 * can try again.
 */
export type SignOutScope = 'local' | 'global';

export async function signOut(scope: SignOutScope = 'local'): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope });
  if (error) throw error;
}

// Callbacks go in the hook's options, not in mutate(): the session change they
// cause can unmount the calling screen, and mutate() callbacks then never run.
export function useSignOut(options: Omit<UseMutationOptions<void, Error, SignOutScope | void>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: (scope) => signOut(scope ?? 'local') });
}
