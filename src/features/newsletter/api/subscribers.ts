import { containing } from '@/lib/like-pattern';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { refusal } from './newsletter-error';

/** The columns she may read: the tokens of the mails' links are granted to no one (the migration's column grant). */
export const SUBSCRIBER_COLUMNS = 'id, email, languages, status, source, created_at, confirmed_at';

export type Subscriber = Pick<Tables<'newsletter_subscribers'>, 'id' | 'email' | 'languages' | 'status' | 'source' | 'created_at' | 'confirmed_at'>;

/** Rows per page of the list: her list may hold 10,000 addresses and more. */
export const SUBSCRIBERS_PAGE_SIZE = 50;

export interface SubscriberPage {
  rows: Subscriber[];
  /** Every address matching the search, counted by the database. */
  total: number;
}

/** One page (0-based) of the list, newest first, optionally only addresses containing `search`. */
export async function listSubscribers(search: string, page: number): Promise<SubscriberPage> {
  let query = supabase.from('newsletter_subscribers').select(SUBSCRIBER_COLUMNS, { count: 'exact' });
  const words = search.trim();
  if (words) query = query.ilike('email', containing(words));
  const from = page * SUBSCRIBERS_PAGE_SIZE;
  const answer = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, from + SUBSCRIBERS_PAGE_SIZE - 1);
  if (answer.error) throw refusal(answer);
  return { rows: answer.data, total: answer.count ?? answer.data.length };
}

/**
 * Removes one address; false when it was no longer on the list (unsubscribed
 * meanwhile). Counted rather than returned: a returned row needs the right
 * to read every column, and the tokens' are granted to no one.
 */
export async function removeSubscriber(id: string): Promise<boolean> {
  const answer = await supabase.from('newsletter_subscribers').delete({ count: 'exact' }).eq('id', id);
  if (answer.error) throw refusal(answer);
  return (answer.count ?? 0) > 0;
}

/**
 * Every address (confirmed and pending) for the export, a thousand at a
 * time by id (keyset: an address added or removed meanwhile shifts no
 * page), then oldest first.
 */
export async function fetchAllSubscribers(pageSize = 1000): Promise<Subscriber[]> {
  const rows: Subscriber[] = [];
  let after: string | null = null;
  for (;;) {
    let query = supabase.from('newsletter_subscribers').select(SUBSCRIBER_COLUMNS).order('id', { ascending: true }).limit(pageSize);
    if (after) query = query.gt('id', after);
    const answer = await query;
    if (answer.error) throw refusal(answer);
    rows.push(...answer.data);
    if (answer.data.length < pageSize) break;
    after = answer.data.at(-1)!.id;
  }
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.email.localeCompare(b.email));
}
