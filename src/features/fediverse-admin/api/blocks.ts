import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { refusal } from './fediverse-error';

export type Block = Pick<Tables<'fediverse_blocks'>, 'id' | 'kind' | 'value' | 'created_at'>;
export type BlockKind = 'server' | 'actor';

export async function listBlocks(): Promise<Block[]> {
  const answer = await supabase.from('fediverse_blocks').select('id, kind, value, created_at').order('created_at', { ascending: false }).order('id');
  if (answer.error) throw refusal(answer);
  return answer.data;
}

/**
 * Blocks a server (its host) or a person (their actor address); the database
 * then removes their followers and pending replies (its trigger). 'already'
 * when it was blocked before.
 */
export async function block(kind: BlockKind, value: string): Promise<'blocked' | 'already'> {
  const answer = await supabase.from('fediverse_blocks').insert({ kind, value });
  if (answer.error?.code === '23505') return 'already';
  if (answer.error) throw refusal(answer);
  return 'blocked';
}

export async function unblock(id: string): Promise<void> {
  const answer = await supabase.from('fediverse_blocks').delete().eq('id', id);
  if (answer.error) throw refusal(answer);
}
