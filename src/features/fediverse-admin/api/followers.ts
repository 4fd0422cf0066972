import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { followerSearch } from '../lib/follower-search';
import { refusal } from './fediverse-error';

export type Follower = Pick<Tables<'fediverse_followers'>, 'id' | 'language' | 'actor_id' | 'handle' | 'name' | 'server' | 'followed_at'>;

/** The newest followers shown per account: a list of thousands is for the count, not for reading. */
export const FOLLOWERS_SHOWN = 100;

export interface FollowerPage {
  rows: Follower[];
  total: number;
}

/** An account's newest followers, only those whose handle, name or address contains `search` when given, and how many match in all. */
export async function listFollowers(language: string, search = ''): Promise<FollowerPage> {
  let query = supabase
    .from('fediverse_followers')
    .select('id, language, actor_id, handle, name, server, followed_at', { count: 'exact' })
    .eq('language', language);
  const words = search.trim();
  if (words) query = query.or(followerSearch(words));
  const answer = await query
    .order('followed_at', { ascending: false })
    .order('id', { ascending: true })
    .range(0, FOLLOWERS_SHOWN - 1);
  if (answer.error) throw refusal(answer);
  return { rows: answer.data, total: answer.count ?? answer.data.length };
}

/** Removes a follower and tells their server (a Reject, sent by the server's worker); false when they were gone already. */
export async function removeFollower(id: string): Promise<boolean> {
  const answer = await supabase.rpc('fediverse_remove_follower', { follower: id });
  if (answer.error) throw refusal(answer);
  return answer.data === true;
}

/** How a follower is named on screen: their handle, else their address. */
export const followerName = (f: Pick<Follower, 'handle' | 'actor_id'>) => f.handle || f.actor_id;
