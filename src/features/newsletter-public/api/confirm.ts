import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
import { languagesFrom } from '../lib/addresses';

/**
 * newsletter_confirm, the confirmation page's button: the languages she now
 * receives, or null when the link is unknown, used or older than 7 days.
 */
export async function confirmSubscription(db: PublicDb, token: string): Promise<Language[] | null> {
  const { data, error } = await db.rpc('newsletter_confirm', { token });
  if (error) throw new Error(error.message);
  return Array.isArray(data) ? languagesFrom(data) : null;
}

export function useConfirmSubscription(options: Omit<UseMutationOptions<Language[] | null, Error, string>, 'mutationFn'> = {}) {
  const db = usePublicDb();
  return useMutation({ ...options, mutationFn: (token) => confirmSubscription(db, token) });
}
