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
 * table), read its .eml files in `<dataDir>/outbox/` at once.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../db/database.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** `tx`: the transaction that wrote the mail's token; the mail is queued in it. */
  send(tx: Queryable, mail: Mail): Promise<void>;
  /** Mails sent by this process, newest last (for tests and the CLI). */
  readonly sent: readonly Mail[];
}

export function createMailer(dataDir: string | undefined): Mailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(_tx, mail) {
      sent.push(mail);
      if (!dataDir) return;
      const dir = join(dataDir, 'outbox');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      const eml = [
        `To: ${mail.to}`,
        'From: noreply@localhost',
        `Subject: ${mail.subject}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        mail.text,
        '',
      ].join('\r\n');
      // Owner-only, like the JWT secret: the link signs the user in.
      await writeFile(join(dir, name), eml, { mode: 0o600 });
    },
  };
}

/**
 * The mails to `address` in <dataDir>/outbox, oldest first (files are named
 * by the time they were sent): how a developer, the tests and the e2e runs
 * read what the local backend "sent".
 */
export function mailsTo(dataDir: string, address: string): string[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((n) => readFileSync(join(dir, n), 'utf8')).filter((text) => text.includes(`To: ${address}`));
}

/** The /auth/v1/verify link a confirmation or recovery mail carries. */
export function verifyLinkIn(mail: string): string | undefined {
  return /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail)?.[1];
}

/** The server's mailer: each mail a row of private.mail_queue, committed or rolled back with its token. */
export function createQueueMailer(): Mailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(tx, mail) {
      await tx.query(`insert into private.mail_queue (kind, recipient, payload) values ('auth', $1, $2)`, [
        mail.to,
        JSON.stringify({ subject: mail.subject, text: mail.text }),
      ]);
      sent.push(mail);
    },
  };
}
