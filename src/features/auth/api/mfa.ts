import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Factor, Session } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import { authKeys } from './keys';

/**
 * Two-factor sign-in with an authenticator app (TOTP) through supabase-js's
 * auth.mfa. The database enforces it (an admin with a verified factor writes
 * only from an aal2 session); these screens only guide her there.
 */

export interface Assurance {
  /** 'aal2' when the session proved a second factor. */
  current: string | null;
  /** What the account requires: 'aal2' once a factor is verified. */
  next: string | null;
}

/** Read from the session's token and user (no request); keyed by the token, so a verified code re-reads it. */
export const assuranceQueryOptions = (session: Session | undefined) =>
  queryOptions({
    queryKey: authKeys.assurance(session?.access_token ?? ''),
    staleTime: Infinity,
    queryFn: async (): Promise<Assurance> => {
      const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      if (error) throw error;
      return { current: data.currentLevel, next: data.nextLevel };
    },
  });

export function useAssurance(session: Session | undefined) {
  // A new token (a refresh, a verified code) keeps the last answer on screen
  // while it is read, so the admin is not unmounted and remounted.
  return useQuery({ ...assuranceQueryOptions(session), enabled: Boolean(session), placeholderData: keepPreviousData });
}

export const needsSecondFactor = (a: Assurance) => a.next === 'aal2' && a.current !== 'aal2';

/** Her factors as the server lists them now (GET /auth/v1/user). */
export const factorsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: authKeys.factors(userId),
    queryFn: async (): Promise<Factor[]> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return data.all.filter((f) => f.factor_type === 'totp');
    },
  });

export function useFactors(userId: string) {
  return useQuery(factorsQueryOptions(userId));
}

export const verifiedFactor = (factors: Factor[] | undefined) => factors?.find((f) => f.status === 'verified');

/** One challenge and its answer; success upgrades the session to aal2 (MFA_CHALLENGE_VERIFIED). */
export async function verifyCode({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export function useVerifyCode(options: Omit<UseMutationOptions<void, Error, { factorId: string; code: string }>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: verifyCode });
}

export interface Enrollment {
  factorId: string;
  /** data:image/svg+xml URL of the QR code. */
  qrCode: string;
  secret: string;
}

/**
 * Starts an enrolment. Enrolments left half done (an unverified factor) are
 * removed first: GoTrue refuses a second factor of the same name.
 */
export async function startEnrollment(friendlyName: string): Promise<Enrollment> {
  const { data: listed, error: listError } = await supabase.auth.mfa.listFactors();
  if (listError) throw listError;
  for (const stale of listed.all.filter((f) => f.status !== 'verified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id });
    if (error) throw error;
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: window.location.host });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/** Mutations that change her factors re-read them afterwards. */
export function useFactorMutation<TVars, TResult>(
  userId: string,
  fn: (vars: TVars) => Promise<TResult>,
  options: Omit<UseMutationOptions<TResult, Error, TVars>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.factors(userId) }),
  });
}
