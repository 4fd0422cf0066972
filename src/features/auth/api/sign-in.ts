import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Credentials } from '../lib/validate-credentials';

/** Password sign-in (POST /auth/v1/token?grant_type=password). */
export async function signIn({ email, password }: Credentials): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
}

// Callbacks go in the hook's options, not in mutate(): the session change they
// cause can unmount the calling screen, and mutate() callbacks then never run.
export function useSignIn(options: Omit<UseMutationOptions<void, Error, Credentials>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: signIn });
}
