import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Credentials } from '../lib/validate-credentials';

/** Sign-up (POST /auth/v1/signup); the confirmation email links back to this site (spec §7). */
export async function signUp({ email, password }: Credentials): Promise<void> {
  const { error } = await supabase.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: window.location.origin },
  });
  if (error) throw error;
}

// Callbacks go in the hook's options, not in mutate(): the session change they
// cause can unmount the calling screen, and mutate() callbacks then never run.
export function useSignUp(options: Omit<UseMutationOptions<void, Error, Credentials>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: signUp });
}
