import { supabase } from '@/lib/supabase';
import { refusal } from './newsletter-error';

/** Confirmed subscribers of each language at the end of a day. */
export interface GrowthDay {
  day: string;
  pt: number;
  en: number;
}

export interface SubscriberSummary {
  /** Oldest day first; the last is today. */
  growth: GrowthDay[];
  /** Confirmed subscribers of each language now (an address with both counts in both). */
  pt: number;
  en: number;
  /** Addresses that have not pressed the confirmation mail's button yet. */
  pending: number;
}

export const GROWTH_DAYS = 90;

/** The figures of the tab's head: newsletter_growth's days (its last is now), and the pending addresses counted. */
export async function getSubscriberSummary(days = GROWTH_DAYS): Promise<SubscriberSummary> {
  const [growth, pending] = await Promise.all([
    supabase.rpc('newsletter_growth', { days }),
    supabase.from('newsletter_subscribers').select('id', { count: 'exact', head: true }).eq('status', 'pending'),
  ]);
  if (growth.error) throw refusal(growth);
  if (pending.error) throw refusal(pending);
  // bigint columns: Number() whatever the wire gave (a JSON number from PostgREST, text from a driver that keeps 64 bits).
  const byDay = growth.data.map((d) => ({ day: d.day, pt: Number(d.pt), en: Number(d.en) }));
  const today = byDay.at(-1);
  return { growth: byDay, pt: today?.pt ?? 0, en: today?.en ?? 0, pending: pending.count ?? 0 };
}
