/**
 * The mail worker: takes due mails from private.mail_queue and hands each to
 * the transport, at most MAIL_RATE a minute. Runs inside the local backend
 * (server/index.ts) and as `npm run mail-worker` against a hosted project's
 * database (server/cli/mail-worker.ts); any number may run on one PostgreSQL
 * database (claims use SKIP LOCKED and leases).
 *
 * The order that makes a crash at any line lose nothing and repeat nothing
 * (decision 210): the message is handed to the SMTP server whole but for the
 * end of its DATA; the row is committed `sent`; only then the end is sent.
 * Killed before that commit, the connection drops mid-DATA, the server
 * discards the message, and the row (still `sending`) is claimed again when
 * its lease lapses — or at once on the next start, on the embedded database,
 * where no other worker can exist. Killed after it, only the end's few bytes
 * were still to go, already in the socket's buffer.
 *
 * Each look also queues the posts that became public and the clips
 * published with "send to subscribers" on (private.newsletter_enqueue_due:
 * once per post or clip, by the primary keys of newsletter_sends and
 * clip_newsletter_sends), and once a minute forgets unconfirmed addresses. A
 * post's or clip's mail goes only while it is public: one she withdraws or
 * hides mid-send waits (postpone) and resumes when it is public again.
 */
import { randomUUID } from 'node:crypto';
import { isMailbox } from '../../src/lib/mailbox.ts';
import { isPgError, type Database } from '../db/database.ts';
import { composeMail } from './compose.ts';
import { createMailRenderer, type MailedClip, type MailedPost, type MailSite, type MailSources } from './content/index.ts';
import {
  anyMailDue,
  claimMails,
  enqueueDuePosts,
  forgetSecrets,
  forgetUnconfirmed,
  markCancelled,
  markFailed,
  markRetry,
  markSent,
  postpone,
  release,
  releaseAllClaims,
  type QueuedMail,
} from './queue.ts';
import { MailRefused, type MailTransport } from './transport/types.ts';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  site: MailSite;
  /** MAIL_RATE: mails per minute at most. */
  ratePerMinute: number;
  /** How long a claim holds before another worker may take the mail (default 60 s). */
  leaseMs?: number;
  /** The only worker on this database (the embedded one): claims left by a killed run are released at start. */
  exclusive?: boolean;
  /** Between looks when nothing is due (default 1 s). */
  idleMs?: number;
  log?: (line: string) => void;
}

export interface MailWorker {
  /** Look now rather than at the next idle look. */
  wake(): void;
  /** Resolves once a look found nothing due (the queue is empty or waits for later). */
  drain(): Promise<void>;
  /** Finishes the mail in hand, gives back the rest of its claim, closes the transport. */
  stop(): Promise<void>;
}

const HOUSEKEEPING_MS = 60_000;
/** How often a database without the queue is looked at again (its migrations may come). */
const QUEUELESS_WAIT_MS = 60_000;
/** After the server could not be reached or the database failed: the first wait, doubling up to the last. */
const TROUBLE_WAIT_MS = [1_000, 2_000, 5_000, 15_000, 60_000, 300_000];

/** Why a mail to an address that is not one mailbox (src/lib/mailbox.ts) was never sent. */
export const NOT_A_MAILBOX = 'not sent: the recipient is not one mailbox address';

/** The mail's fate, for the loop: `unreachable` stops the batch and waits. */
type Outcome = 'done' | 'unreachable';

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const leaseMs = options.leaseMs ?? 60_000;
  const idleMs = options.idleMs ?? 1_000;
  const intervalMs = 60_000 / Math.max(1, options.ratePerMinute);
  // A batch is claimed at once: it must be sent well within its lease.
  const batchSize = Math.max(1, Math.min(50, Math.floor(leaseMs / 2 / intervalMs)));
  const claim = randomUUID();
  const renderer = createMailRenderer(options.site, mailSources(db));

  let stopped = false;
  let nextSlot = 0;
  let nextHousekeeping = 0;
  let troubles = 0;
  let missingQueueSaid = false;
  let wakeUp: (() => void) | undefined;
  let drained: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  const settleDrains = (error?: unknown) => {
    const waiting = drained;
    drained = [];
    for (const d of waiting) {
      if (error === undefined) d.resolve();
      else d.reject(error);
    }
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  /** Keeps to MAIL_RATE: each mail takes the next free slot. */
  const pace = async () => {
    const wait = nextSlot - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nextSlot = Math.max(Date.now(), nextSlot) + intervalMs;
  };

  async function settleRefusal(mail: QueuedMail, e: MailRefused): Promise<void> {
    const reason = e.response;
    if (e.permanent) await markFailed(db, mail.id, claim, reason);
    else await markRetry(db, mail.id, claim, reason);
  }

  async function sendOne(mail: QueuedMail): Promise<Outcome> {
    // The database's rule already refuses such an address (private.is_mailbox); a row written around it
    // (an older queue, a hand-made insert) must not reach a parser that reads it as other addresses.
    if (!isMailbox(mail.recipient)) {
      await markFailed(db, mail.id, claim, NOT_A_MAILBOX);
      return 'done';
    }
    const rendered = await renderer.render(mail);
    if ('skip' in rendered) {
      await markCancelled(db, mail.id, claim, rendered.skip);
      return 'done';
    }
    if ('postpone' in rendered) {
      await postpone(db, mail.id, claim, rendered.postpone);
      return 'done';
    }
    const message = await composeMail(rendered);
    let prepared;
    try {
      prepared = await transport.prepare({ from: options.site.from.address, to: mail.recipient }, message);
    } catch (e) {
      if (e instanceof MailRefused) {
        await settleRefusal(mail, e);
        return 'done';
      }
      log(`mail: the mail server cannot be reached (${e instanceof Error ? e.message : String(e)}); trying again later`);
      await release(db, mail.id, claim);
      return 'unreachable';
    }
    let marked: boolean;
    try {
      marked = await markSent(db, mail.id, claim);
    } catch (e) {
      // Not recorded as sent, so it must not arrive: the message never ends.
      await prepared.abort();
      throw e;
    }
    if (!marked) {
      // The lease lapsed and another worker has it.
      await prepared.abort();
      return 'done';
    }
    try {
      await prepared.finish();
    } catch (e) {
      if (e instanceof MailRefused) await settleRefusal(mail, e);
      // Lost after the end: the server may or may not have it. SMTP's rule
      // (RFC 5321 §6.1) is to try again; a duplicate carries the same Message-ID.
      else await markRetry(db, mail.id, claim, `connection lost after the message was sent: ${e instanceof Error ? e.message : String(e)}`);
      return 'done';
    }
    if (mail.kind === 'auth' || mail.kind === 'newsletter_confirm') await forgetSecrets(db, mail.id);
    return 'done';
  }

  async function look(): Promise<boolean> {
    if (Date.now() >= nextHousekeeping) {
      nextHousekeeping = Date.now() + HOUSEKEEPING_MS;
      const forgotten = await forgetUnconfirmed(db);
      if (forgotten > 0) log(`mail: forgot ${forgotten} unconfirmed address(es) older than 7 days`);
    }
    await enqueueDuePosts(db);
    if (!(await anyMailDue(db))) return false;
    const batch = await claimMails(db, claim, batchSize, leaseMs);
    for (let i = 0; i < batch.length; i++) {
      const mail = batch[i]!;
      if (!stopped) await pace();
      if (stopped || (await sendOne(mail)) === 'unreachable') {
        for (const rest of batch.slice(stopped ? i : i + 1)) await release(db, rest.id, claim);
        if (!stopped) throw new Unreachable();
        break;
      }
    }
    return batch.length > 0;
  }

  const running = (async () => {
    if (options.exclusive) {
      const released = await releaseAllClaims(db).catch(() => 0);
      if (released > 0) log(`mail: ${released} mail(s) left unfinished by the last run will be sent again`);
    }
    while (!stopped) {
      let busy: boolean;
      try {
        busy = await look();
        troubles = 0;
      } catch (e) {
        if (isPgError(e) && (e.code === '42P01' || e.code === '3F000' || e.code === '42883')) {
          // A database without the newsletter's migration (a test fixture's schema): nothing can be queued there, so nothing to send.
          if (!missingQueueSaid) log('mail: this database has no mail queue (private.mail_queue); the mail worker stays idle');
          missingQueueSaid = true;
          settleDrains();
          await pause(QUEUELESS_WAIT_MS);
          continue;
        }
        if (!(e instanceof Unreachable) && !stopped) log(`mail: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        // Whoever waits for an empty queue learns why it will not be, now.
        settleDrains(e instanceof Unreachable ? new Error('the mail server cannot be reached') : e);
        await pause(TROUBLE_WAIT_MS[Math.min(troubles++, TROUBLE_WAIT_MS.length - 1)]!);
        continue;
      }
      if (!busy) {
        settleDrains();
        if (!stopped) await pause(idleMs);
      }
    }
  })();

  return {
    wake: () => wakeUp?.(),
    drain: () =>
      new Promise<void>((resolve, reject) => {
        drained.push({ resolve, reject });
        wakeUp?.();
      }),
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
      settleDrains();
      await transport.close();
    },
  };
}

class Unreachable extends Error {}

/** What the mails are made of, read as the database's owner (the worker is no API caller). */
function mailSources(db: Database): MailSources {
  const columns = 'id, title, excerpt, content, slug, language, image_url, image_alt';
  const one = async (sql: string, id: string) => (await db.query<MailedPost>(sql, [id])).rows[0];
  return {
    post: (id) => one(`select ${columns} from public.blog_posts where id = $1`, id),
    async isPublic(id) {
      const r = await db.query(`select 1 from public.blog_posts where id = $1 and published and date <= public.site_now()`, [id]);
      return r.rows.length === 1;
    },
    async isClipPublic(id) {
      const r = await db.query(`select 1 from public.clips where id = $1 and status = 'published'`, [id]);
      return r.rows.length === 1;
    },
    async clip(id) {
      const r = await db.query<MailedClip>(
        `select c.id, c.kind, c.url, c.title, c.outlet, c.byline, c.published_on::text as published_on, c.language, c.summary,
                c.image_url, c.image_alt, c.slug,
                c.show_archive and exists (select 1 from public.clip_copies k where k.clip_id = c.id) as copy_shown
           from public.clips c where c.id = $1`,
        [id],
      );
      return r.rows[0];
    },
    async siteName(language) {
      const r = await db.query<{ value: string }>(`select value from public.site_settings where key = 'author_name' and language = $1`, [language]);
      return r.rows[0]?.value.trim() ?? '';
    },
  };
}
