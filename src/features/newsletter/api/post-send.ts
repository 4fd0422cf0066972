import { supabase } from '@/lib/supabase';
import { refusal } from './newsletter-error';

/** When this post went to the subscribers (newsletter_sends), or null: never. */
export async function getPostSend(postId: string): Promise<{ queued_at: string } | null> {
  const answer = await supabase.from('newsletter_sends').select('queued_at').eq('post_id', postId).maybeSingle();
  if (answer.error) throw refusal(answer);
  return answer.data;
}

/**
 * "Enviar teste para mim": the saved post, as subscribers will get it, to
 * her own address (the database takes it from her session). Returns that
 * address, for the toast.
 */
export async function sendTestMail(postId: string): Promise<string> {
  const answer = await supabase.rpc('newsletter_send_test', { post: postId });
  if (answer.error) throw refusal(answer);
  const { data } = await supabase.auth.getSession();
  return data.session?.user.email ?? '';
}
