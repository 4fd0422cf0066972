import { isAuthApiError } from '@supabase/supabase-js';
import { adminText } from '@/lib/i18n-admin';

/** What to tell her when a code is refused; the server's codes decide, the words are ours. */
export function mfaErrorMessage(error: unknown): string {
  const t = adminText.mfa;
  if (isAuthApiError(error)) {
    if (error.status === 429) return t.tooManyAttempts;
    if (['mfa_verification_failed', 'mfa_challenge_expired', 'mfa_ip_address_mismatch'].includes(error.code ?? '')) return t.wrongCode;
  }
  return adminText.common.unexpectedError;
}
