/**
 * One mail as the bytes every transport sends: RFC 5322 with MIME, built by
 * nodemailer's MailComposer (encoded-word subjects and names, quoted-printable
 * bodies, folded headers), so no MIME is written by hand here.
 */
import MailComposer from 'nodemailer/lib/mail-composer';

export interface OutgoingMail {
  /** One bare mailbox address (src/lib/mailbox.ts), never a list or a display name. */
  to: string;
  /** From: display name (the site's name) + MAIL_FROM's address. */
  from: string;
  /** UTF-8; encoded by MailComposer. */
  subject: string;
  /** The text/plain part. */
  text: string;
  /** The text/html part. */
  html: string;
  /** Deterministic, e.g. "<newsletter.<post>.<subscriber>@example.com>", so a mail has one identity. */
  messageId: string;
  /** Extra headers, e.g. List-Unsubscribe, List-Unsubscribe-Post, List-Id, Auto-Submitted. */
  headers?: Record<string, string>;
}

/**
 * A From value with `name` shown as given: quoted, so a site name with a comma
 * or a colon stays one display name instead of being read as more addresses.
 */
export function formatAddress(name: string, address: string): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (!clean) return address;
  return `"${clean.replace(/[\\"]/g, '\\$&')}" <${address}>`;
}

// RFC 5322 field names: printable ASCII but the colon. MailComposer folds line
// breaks out of values and silently rewrites a broken name; a caller's mistake
// is better said than sent as some other header.
const FIELD_NAME = /^[!-9;-~]+$/;

/** RFC 5322 message: multipart/alternative text + html, UTF-8, Date, Message-ID, MIME-Version. */
export async function composeMail(mail: OutgoingMail): Promise<Buffer> {
  const headers = mail.headers ?? {};
  for (const name of Object.keys(headers)) {
    if (!FIELD_NAME.test(name)) throw new TypeError(`Mail header name ${JSON.stringify(name)} is not a header field name`);
  }
  const composer = new MailComposer({
    from: mail.from,
    // An address object is taken as it is; a string would go through nodemailer's address parser,
    // which reads `x<a@b.test>.y` as a@b.test and `a,b@c.test` as two recipients.
    to: { name: '', address: mail.to },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers,
  });
  return composer.compile().build();
}
