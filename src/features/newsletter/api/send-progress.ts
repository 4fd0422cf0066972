import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database.types';
import { refusal } from './newsletter-error';

type SendRow = Database['public']['Functions']['newsletter_send_progress']['Returns'][number];

/** One post mailed to the subscribers, and where its mails stand (no mail sent yet: no last_sent_at). */
export type PostSendProgress = Omit<SendRow, 'last_sent_at'> & { last_sent_at: string | null };

/** newsletter_send_progress(): every post sent, newest first. */
export async function getSendProgress(): Promise<PostSendProgress[]> {
  const answer = await supabase.rpc('newsletter_send_progress');
  if (answer.error) throw refusal(answer);
  return answer.data.map((row) => ({
    ...row,
    recipients: Number(row.recipients),
    sent: Number(row.sent),
    failed: Number(row.failed),
    waiting: Number(row.waiting),
    cancelled: Number(row.cancelled),
  }));
}
