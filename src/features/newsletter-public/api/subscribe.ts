import type { Language } from '@/lib/language';
import type { PublicDb } from '@/lib/public-db';
import { subscribeFailure, type SubscribeOutcome } from '../lib/addresses';

export interface Subscription {
  email: string;
  languages: Language[];
  /** The language of the page she subscribed on: the confirmation mail's. */
  pageLanguage: Language;
  /** The hidden field's value: empty unless a bot filled it. */
  trap: string;
}

/** Refused: why, as the page words it (SubscribeOutcome). */
export class SubscribeError extends Error {
  constructor(readonly outcome: Exclude<SubscribeOutcome, 'sent'>) {
    super(outcome);
  }
}

/**
 * newsletter_subscribe: queues the confirmation mail. Succeeds the same way
 * whether the address is new, pending or subscribed (no one learns who is).
 * A plain call, not a React Query mutation: the form is on the home page,
 * whose first load counts every kilobyte (issue 3's budget).
 */
export async function subscribe(db: PublicDb, input: Subscription): Promise<void> {
  let message: string | undefined;
  try {
    const { error } = await db.rpc('newsletter_subscribe', {
      email: input.email,
      languages: input.languages,
      page_language: input.pageLanguage,
      trap: input.trap,
    });
    if (!error) return;
    message = error.message;
  } catch {
    // A lost connection rejects instead of answering: 'failed', as any unknown error.
  }
  const outcome = subscribeFailure(message);
  throw new SubscribeError(outcome === 'sent' ? 'failed' : outcome);
}
