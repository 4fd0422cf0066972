import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { Language } from '@/lib/language';
import { usePublicDb, type PublicDb } from '@/lib/public-db';
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
 */
export async function subscribe(db: PublicDb, input: Subscription): Promise<void> {
  const { error } = await db.rpc('newsletter_subscribe', {
    email: input.email,
    languages: input.languages,
    page_language: input.pageLanguage,
    trap: input.trap,
  });
  if (error) {
    const outcome = subscribeFailure(error.message);
    throw new SubscribeError(outcome === 'sent' ? 'failed' : outcome);
  }
}

export function useSubscribe(options: Omit<UseMutationOptions<void, SubscribeError, Subscription>, 'mutationFn'> = {}) {
  const db = usePublicDb();
  return useMutation({
    ...options,
    mutationFn: async (input) => {
      try {
        await subscribe(db, input);
      } catch (e) {
        // A lost connection rejects instead of answering: the same 'failed'.
        throw e instanceof SubscribeError ? e : new SubscribeError('failed');
      }
    },
  });
}
