import type { Language } from '@/lib/language';
import type { PublicDb } from '@/lib/public-db';
import { confirmOutcome, type ConfirmOutcome } from '../lib/addresses';

/**
 * newsletter_confirm, the confirmation page's button: confirmed now, or
 * already (another link of the address was used), with the languages she
 * receives; or null when the link is unknown, older than 7 days, or of an
 * address no longer on the list.
 */
export async function confirmSubscription(db: PublicDb, token: string): Promise<{ outcome: ConfirmOutcome; languages: Language[] } | null> {
  const { data, error } = await db.rpc('newsletter_confirm', { token });
  if (error) throw new Error(error.message);
  return confirmOutcome(data);
}
