import { supabase } from '@/lib/supabase';
import { refusal } from './newsletter-error';

/** One post mailed to the subscribers, and where its mails stand. */
export interface PostSendProgress {
  post_id: string;
  title: string;
  language: string;
  queued_at: string;
  recipients: number;
  sent: number;
  failed: number;
  waiting: number;
  cancelled: number;
  last_sent_at: string | null;
}

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
