/**
 * The statements of private.mail_queue (migration 20261124200000_newsletter):
 * each one commits on its own, because the worker's promise depends on the
 * order of commits, not on a transaction around a send (decision 210):
 *
 *   claim (queued → sending, with a lease)  … prepare the SMTP message …
 *   markSent (sending → sent)               … only then the end of DATA …
 *   after a refusal: markRetry / markFailed; after acceptance: forgetSecrets.
 *
 * A claim whose worker died (the process killed before markSent) lapses with
 * its lease and the row is sent again: its message never ended, so no server
 * accepted it. A row marked sent was given its end right after the commit.
 */
import type { Queryable } from '../db/database.ts';

export type MailKind = 'auth' | 'newsletter_confirm' | 'newsletter_post' | 'newsletter_clip' | 'newsletter_test';

export interface QueuedMail {
  id: string;
  kind: MailKind;
  recipient: string;
  language: 'pt' | 'en' | null;
  post_id: string | null;
  /** A clip of her published work (newsletter_clip, migration 20261128160000). */
  clip_id: string | null;
  subscriber_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  /** The subscriber's unsubscribe secret (newsletter posts and clips only). */
  unsubscribe_token: string | null;
}

/** Refusals before a mail is given up for good (about two and a half days with the backoff above). */
export const MAX_ATTEMPTS = 16;

/** Queued and its time come, or claimed by a worker whose lease lapsed. */
const DUE = `(q.state = 'queued' and q.next_attempt_at <= now()) or (q.state = 'sending' and q.claimed_until < now())`;

/**
 * Whether any mail is due: a plain read, so an idle look writes nothing. On
 * the embedded database every UPDATE statement counts as a write, even one
 * that changes no row, and a write makes kept pages read the content
 * version in their reader's turn and the publication clock look again: the
 * worker's look every second did both, all day, with nothing to send.
 */
export async function anyMailDue(db: Queryable): Promise<boolean> {
  const r = await db.query<{ due: boolean }>(`select exists (select 1 from private.mail_queue q where ${DUE}) as due`);
  return r.rows[0]?.due === true;
}

/**
 * Takes up to `limit` due mails for this claim: queued ones whose time has
 * come, and those whose claim lapsed. SKIP LOCKED: two workers never wait on
 * or take the same row.
 */
export async function claimMails(db: Queryable, claim: string, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const r = await db.query<QueuedMail>(
    `with next as (
       select q.id from private.mail_queue q
        where ${DUE}
        order by q.next_attempt_at, q.id
        limit $2
        for update skip locked)
     update private.mail_queue q
        set state = 'sending', claim = $1, claimed_until = now() + make_interval(secs => $3::float8 / 1000)
       from next
      where q.id = next.id
     returning q.id::text, q.kind, q.recipient, q.language, q.post_id, q.clip_id, q.subscriber_id, q.payload, q.attempts,
               (select s.unsubscribe_token::text from public.newsletter_subscribers s where s.id = q.subscriber_id) as unsubscribe_token`,
    [claim, limit, leaseMs],
  );
  return r.rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** sending → sent, if this claim still holds it: true when the message may now be ended. */
export async function markSent(db: Queryable, id: string, claim: string): Promise<boolean> {
  const r = await db.query(
    `update private.mail_queue set state = 'sent', sent_at = now(), last_error = null
      where id = $1 and claim = $2 and state = 'sending' returning id`,
    [id, claim],
  );
  return r.rows.length === 1;
}

/** Refused for now (4xx, or the connection lost after the end): again after the backoff, or failed after MAX_ATTEMPTS. */
export async function markRetry(db: Queryable, id: string, claim: string, reason: string): Promise<void> {
  // In SET, `attempts` is the count before this refusal: the n-th waits 30 s × 2^(n-1), at most 6 hours.
  await db.query(
    `update private.mail_queue
        set attempts = attempts + 1,
            state = case when attempts + 1 >= $3 then 'failed' else 'queued' end,
            last_error = case when attempts + 1 >= $3 then format('gave up after %s attempts: %s', attempts + 1, $4::text) else $4::text end,
            -- given up: its link will never be used, so it leaves the database.
            payload = case when attempts + 1 >= $3 and kind in ('auth', 'newsletter_confirm') then '{}' else payload end,
            next_attempt_at = now() + make_interval(secs => least(30 * power(2, attempts), 21600)),
            claim = null, claimed_until = null, sent_at = null
      where id = $1 and claim = $2`,
    [id, claim, MAX_ATTEMPTS, reason.slice(0, 1000)],
  );
}

/** Refused for good (5xx): recorded with the server's answer, never sent again. */
export async function markFailed(db: Queryable, id: string, claim: string, reason: string): Promise<void> {
  await db.query(
    `update private.mail_queue set state = 'failed', attempts = attempts + 1, last_error = $3, claim = null, claimed_until = null, sent_at = null,
            payload = case when kind in ('auth', 'newsletter_confirm') then '{}' else payload end
      where id = $1 and claim = $2`,
    [id, claim, reason.slice(0, 1000)],
  );
}

/**
 * The server could not be reached: the mail goes back as it was, not counted
 * as a refusal (the worker waits before its next look instead).
 */
export async function release(db: Queryable, id: string, claim: string): Promise<void> {
  await db.query(
    `update private.mail_queue set state = 'queued', claim = null, claimed_until = null
      where id = $1 and claim = $2 and state = 'sending'`,
    [id, claim],
  );
}

/** A delivered confirmation or sign-in link leaves the database: the mail had the only copy it needs. */
export async function forgetSecrets(db: Queryable, id: string): Promise<void> {
  await db.query(`update private.mail_queue set payload = '{}' where id = $1 and kind in ('auth', 'newsletter_confirm')`, [id]);
}

/**
 * On the embedded database this process is the only worker (the data
 * directory is locked): a claim left by a killed run is released at once
 * instead of waiting for its lease. Safe: a row still `sending` never had its
 * message ended.
 */
export async function releaseAllClaims(db: Queryable): Promise<number> {
  // Looked at first: an UPDATE that changes no row still counts as a write (anyMailDue).
  const { rows } = await db.query<{ sending: boolean }>(`select exists (select 1 from private.mail_queue where state = 'sending') as sending`);
  if (!rows[0]?.sending) return 0;
  const r = await db.query(`update private.mail_queue set state = 'queued', claim = null, claimed_until = null where state = 'sending' returning id`);
  return r.rows.length;
}

/**
 * Posts that became public, and clips published, with "send to subscribers"
 * on: their mails queued, each once (private.newsletter_enqueue_due). Returns
 * how many posts and clips were queued.
 */
export async function enqueueDuePosts(db: Queryable): Promise<number> {
  const r = await db.query<{ queued: number }>(`select private.newsletter_enqueue_due() as queued`);
  return r.rows[0]?.queued ?? 0;
}

/** Unconfirmed addresses older than 7 days are forgotten. */
export async function forgetUnconfirmed(db: Queryable): Promise<number> {
  const r = await db.query<{ forgotten: number }>(`select private.newsletter_forget_unconfirmed() as forgotten`);
  return r.rows[0]?.forgotten ?? 0;
}

/**
 * Not now: its post or clip is not public at the moment (she unpublished or
 * hid it, or moved a post's date, while its mails were going out). Looked at
 * again in a minute, not counted as a refusal, so the send resumes when it is
 * public again and no reader gets it while it is hidden.
 */
export async function postpone(db: Queryable, id: string, claim: string, reason: string): Promise<void> {
  await db.query(
    `update private.mail_queue set state = 'queued', last_error = $3, claim = null, claimed_until = null,
            next_attempt_at = now() + interval '1 minute'
      where id = $1 and claim = $2`,
    [id, claim, reason],
  );
}

/** Not to be sent after all (the post withdrawn, the subscriber gone), and why. */
export async function markCancelled(db: Queryable, id: string, claim: string, reason: string): Promise<void> {
  await db.query(
    `update private.mail_queue set state = 'cancelled', last_error = $3, claim = null, claimed_until = null
      where id = $1 and claim = $2`,
    [id, claim, reason],
  );
}
