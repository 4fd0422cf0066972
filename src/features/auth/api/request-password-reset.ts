import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { recoveryRedirectUrl } from '../lib/recovery-link';

/**
 * "Esqueceu a senha?" (POST /auth/v1/recover). The server answers the same
 * for a known and an unknown address; the mail's link brings her back to
 * /auth with a recovery session.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: recoveryRedirectUrl(window.location.origin) });
  if (error) throw error;
}

export function useRequestPasswordReset(options: Omit<UseMutationOptions<void, Error, string>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: requestPasswordReset });
}
