import { supabase } from '@/lib/supabase';
import { refusal } from './clip-error';

/** When this clip went to the subscribers (clip_newsletter_sends, decision 293), or null: never. */
export async function getClipSend(clipId: string): Promise<{ queued_at: string } | null> {
  const answer = await supabase.from('clip_newsletter_sends').select('queued_at').eq('clip_id', clipId).maybeSingle();
  if (answer.error) throw refusal(answer);
  return answer.data;
}
