import type { Language } from '@/lib/language';
import type { PublicDb } from '@/lib/public-db';
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
