import type { PublicDb } from '@/lib/public-db';
import { isUnsubscribeToken } from '../lib/addresses';

/**
 * newsletter_unsubscribe, the unsubscribe page's button: deletes the address
 * whose mails carry this token. An unknown token (already unsubscribed, or
 * not a token at all) ends the same way: there is nothing left to delete.
 */
export async function unsubscribe(db: PublicDb, token: string): Promise<void> {
  if (!isUnsubscribeToken(token)) return;
  const { error } = await db.rpc('newsletter_unsubscribe', { token });
  if (error) throw new Error(error.message);
}
