import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { authKeys } from './keys';

/**
 * Whether the signed-in user holds the admin role. The role lives in the
 * database (public.user_roles, read by the security-definer public.is_admin()),
 * the same function the row-level security policies use, so the UI and the
 * server can never disagree about who may write.
 */
export async function getIsAdmin(): Promise<boolean> {
  const { data, error } = await supabase.rpc('is_admin');
  if (error) throw error;
  return data === true;
}

export const isAdminQueryOptions = (userId: string) =>
  queryOptions({ queryKey: authKeys.isAdmin(userId), queryFn: getIsAdmin, staleTime: 5 * 60_000 });

/** Waits (pending) until there is a user to ask about. */
export function useIsAdmin(userId: string | undefined) {
  return useQuery({ ...isAdminQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
