/**
 * Where confirmation mails go. The local backend sends no real email: with
 * confirmations on, each mail is written as an .eml file to
 * `<DATA_DIR>/outbox/`, so a developer (or a test) opens it and follows the
 * link. Without a data directory (in-memory tests) mails are kept in memory.
 */
import { randomBytes } from 'node:crypto';
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
      await mkdir(dir, { recursive: true });
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
