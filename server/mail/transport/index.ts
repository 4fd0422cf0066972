/** The transport a configuration names: SMTP given SMTP_URL, else the outbox folder, else memory. */
import type { MailConfig } from '../config.ts';
import { createMemoryTransport } from './memory.ts';
import { createOutboxTransport } from './outbox.ts';
import { createSmtpTransport } from './smtp.ts';
import type { MailTransport } from './types.ts';

export { MailNotSent, MailRefused, type Envelope, type MailTransport, type PreparedMail } from './types.ts';

export function createTransport(config: MailConfig, dataDir: string | undefined): MailTransport {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl);
  if (dataDir) return createOutboxTransport(dataDir);
  return createMemoryTransport();
}
