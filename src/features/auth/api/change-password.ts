import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Sets a new password (PUT /auth/v1/user), then ends her other sessions
 * (POST /logout?scope=others): a password that leaked may have opened them.
 * The local backend already ends them with the change; hosted Supabase does
 * not, so the product asks for it either way. Once the password is saved the
 * change has happened: a failure of the second step is reported as such
 * (`othersEnded: false`), not as a failed change.
 */
export async function changePassword(password: string): Promise<{ othersEnded: boolean }> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
  const { error: signOutError } = await supabase.auth.signOut({ scope: 'others' });
  return { othersEnded: !signOutError };
}

export function useChangePassword(options: Omit<UseMutationOptions<{ othersEnded: boolean }, Error, string>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: changePassword });
}
