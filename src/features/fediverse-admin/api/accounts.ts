import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { refusal } from './fediverse-error';

export type FediverseAccount = Pick<Tables<'fediverse_accounts'>, 'language' | 'handle' | 'also_known_as'>;

/** Her two accounts, Portuguese first (the site's order). */
export async function listAccounts(): Promise<FediverseAccount[]> {
  const answer = await supabase.from('fediverse_accounts').select('language, handle, also_known_as').order('language', { ascending: false });
  if (answer.error) throw refusal(answer);
  return answer.data;
}

/** Why a save was refused when it is her input's fault (the other account's name), else undefined. */
export type AccountConflict = 'taken';

/** Saves one account's name and earlier account; the database checks both again (its constraints). */
export async function saveAccount(language: string, values: { handle: string; also_known_as: string | null }): Promise<FediverseAccount | AccountConflict> {
  const answer = await supabase.from('fediverse_accounts').update(values).eq('language', language).select('language, handle, also_known_as').single();
  // 23505: the unique name; the other language's account holds it.
  if (answer.error?.code === '23505') return 'taken';
  if (answer.error) throw refusal(answer);
  return answer.data;
}
