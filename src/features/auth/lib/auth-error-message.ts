import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { adminText } from '@/lib/i18n-admin';

/**
 * The toast description for a failed sign-in or sign-up (spec §8): the
 * server's own message when the server answered with one (wrong password,
 * weak password, user exists…), otherwise 'Ocorreu um erro inesperado'
 * (network down, 5xx, a malformed answer), whose raw text would mean nothing.
 */
export function authErrorMessage(error: unknown): string {
  if ((isAuthApiError(error) || isAuthWeakPasswordError(error)) && error.message) return error.message;
  return adminText.common.unexpectedError;
}
