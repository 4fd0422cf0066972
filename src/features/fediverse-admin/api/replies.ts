import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { refusal } from './fediverse-error';

export type PendingReply = Pick<
  Tables<'fediverse_replies'>,
  'id' | 'post_id' | 'actor_id' | 'url' | 'author_name' | 'author_handle' | 'author_url' | 'avatar_url' | 'content' | 'published'
> & {
  /** The post it answers (null: a post deleted meanwhile). */
  post: { title: string } | null;
};

/** The replies waiting for her, oldest first (as they came), each with its post's title. */
export async function listPendingReplies(): Promise<PendingReply[]> {
  const answer = await supabase
    .from('fediverse_replies')
    .select('id, post_id, actor_id, url, author_name, author_handle, author_url, avatar_url, content, published')
    .eq('state', 'pending')
    .order('received_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(200);
  if (answer.error) throw refusal(answer);
  const titles = await postTitles(answer.data.map((r) => r.post_id));
  return answer.data.map((reply) => ({ ...reply, post: titles.has(reply.post_id) ? { title: titles.get(reply.post_id)! } : null }));
}

/** The titles of these posts, by id (one read). */
export async function postTitles(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const answer = await supabase.from('blog_posts').select('id, title').in('id', unique);
  if (answer.error) throw refusal(answer);
  return new Map(answer.data.map((p) => [p.id, p.title]));
}

/** Approves or rejects a pending reply; false when it was no longer pending (moderated elsewhere, or deleted by its author). */
export async function moderateReply(id: string, state: 'approved' | 'rejected'): Promise<boolean> {
  const answer = await supabase
    .from('fediverse_replies')
    .update({ state, moderated_at: new Date().toISOString() })
    .eq('id', id)
    .eq('state', 'pending')
    .select('id');
  if (answer.error) throw refusal(answer);
  return answer.data.length > 0;
}

/** How an author is named on screen: name and handle, else what there is. */
export const authorName = (r: Pick<PendingReply, 'author_name' | 'author_handle' | 'actor_id'>) => r.author_name || r.author_handle || r.actor_id;
