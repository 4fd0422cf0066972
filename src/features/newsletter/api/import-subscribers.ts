import { supabase } from '@/lib/supabase';
import { refusal } from './newsletter-error';

export type SubscriberLanguage = 'pt' | 'en';

/** Addresses per call: each call is one transaction, so a failure leaves whole batches only. */
export const IMPORT_BATCH = 500;

export interface ImportTally {
  added: number;
  already: number;
  invalid: number;
}

/** The import stopped at a batch: those before it are written, `cause` says why. */
export class ImportStopped extends Error {
  override name = 'ImportStopped';
  constructor(
    readonly done: number,
    readonly tally: ImportTally,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * newsletter_import_subscribers in batches of IMPORT_BATCH: the addresses
 * become confirmed subscribers of `languages` (she confirmed their consent
 * on the other platform); one already on the list is left as it is.
 * `onProgress` hears how many were processed after each batch.
 */
export async function importSubscribers(
  emails: readonly string[],
  languages: readonly SubscriberLanguage[],
  onProgress: (done: number) => void = () => {},
): Promise<ImportTally> {
  const tally: ImportTally = { added: 0, already: 0, invalid: 0 };
  for (let from = 0; from < emails.length; from += IMPORT_BATCH) {
    const batch = emails.slice(from, from + IMPORT_BATCH).map((email) => ({ email, languages: [...languages] }));
    let answer;
    try {
      answer = await supabase.rpc('newsletter_import_subscribers', { subscribers: batch });
    } catch (error) {
      throw new ImportStopped(from, tally, error);
    }
    if (answer.error) throw new ImportStopped(from, tally, refusal(answer));
    const [counts] = answer.data;
    tally.added += Number(counts?.added ?? 0);
    tally.already += Number(counts?.already ?? 0);
    tally.invalid += Number(counts?.invalid ?? 0);
    onProgress(from + batch.length);
  }
  return tally;
}
