import { supabase } from '@/lib/supabase';
import { refusal } from './fediverse-error';
import { postTitles } from './replies';

export interface PostReactions {
  postId: string;
  title: string | null;
  likes: number;
  boosts: number;
}

/** Likes and boosts of each post that has any (fediverse_reaction_counts), the most liked first. */
export async function listReactions(): Promise<PostReactions[]> {
  const answer = await supabase.rpc('fediverse_reaction_counts');
  if (answer.error) throw refusal(answer);
  const rows = answer.data ?? [];
  const titles = await postTitles(rows.map((r) => r.post_id));
  return rows
    .map((r) => ({ postId: r.post_id, title: titles.get(r.post_id) ?? null, likes: Number(r.likes), boosts: Number(r.boosts) }))
    .sort((a, b) => b.likes + b.boosts - (a.likes + a.boosts) || (a.title ?? '').localeCompare(b.title ?? ''));
}
