/**
 * Where the auth routes' mails (sign-up confirmation, password recovery) go.
 *
 * The server queues them (createQueueMailer): a row of private.mail_queue in
 * the same transaction as the token it carries, sent by the mail worker
 * through the one transport every mail uses (server/mail/: SMTP_URL, or the
 * outbox folder in development).
 *
 * createMailer is what the auth routes use when none is given: the auth
 * tests, which build the routes alone on the bootstrap schema (no queue
 * table), read its mails in `<dataDir>/outbox/` at once (readOutbox).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { composeMail } from '../mail/compose.ts';
import { authMail } from '../mail/content/auth-mail.tsx';
import { createOutboxTransport } from '../mail/transport/outbox.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** `tx`: the transaction that wrote the mail's token; the mail is queued in it. */
  send(tx: Queryable, mail: Mail): Promise<void>;
}

/**
 * At once, no queue: the mail as the worker would make it (server/mail/),
 * through the outbox transport; without a data directory, nowhere.
 */
export function createMailer(dataDir: string | undefined): Mailer {
  const outbox = dataDir === undefined ? undefined : createOutboxTransport(dataDir);
  return {
    async send(_tx, mail) {
      if (!outbox) return;
      const written = authMail({ ...mail, siteName: 'localhost', siteUrl: 'http://localhost' });
      const message = await composeMail({ ...written, to: mail.to, from: 'noreply@localhost', messageId: `<auth.${randomUUID()}@localhost>` });
      const prepared = await outbox.prepare({ from: 'noreply@localhost', to: mail.to }, message);
      await prepared.finish();
    },
  };
}

/** The /auth/v1/verify link a confirmation or recovery mail carries. */
export function verifyLinkIn(mail: string): string | undefined {
  return /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail)?.[1];
}

/** The server's mailer: each mail a row of private.mail_queue, committed or rolled back with its token. */
export function createQueueMailer(): Mailer {
  return {
    async send(tx, mail) {
      await tx.query(`insert into private.mail_queue (kind, recipient, payload) values ('auth', $1, $2)`, [
        mail.to,
        JSON.stringify({ subject: mail.subject, text: mail.text }),
      ]);
    },
  };
}
