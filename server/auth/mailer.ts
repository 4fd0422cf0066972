/**
 * Where confirmation mails go. The local backend sends no real email: with
 * confirmations on, each mail is written as an .eml file to
 * `<DATA_DIR>/outbox/`, so a developer (or a test) opens it and follows the
 * link. Without a data directory (in-memory tests) mails are kept in memory.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Mails sent by this process, newest last (for tests and the CLI). */
  readonly sent: readonly Mail[];
}

export function createMailer(dataDir: string | undefined): Mailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
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
