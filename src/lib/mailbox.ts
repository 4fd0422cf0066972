/**
 * One mailbox address, written the one way every reader of it (the database,
 * nodemailer's address parser, an SMTP server) reads as the same single
 * address: RFC 5321's dot-atom local part of atext, one @, and a domain of
 * letter-digit-hyphen labels with at least one dot and a last label that
 * starts with a letter (no IP address, no domain literal). No quoted local
 * part, comment, display name, group, list separator, whitespace or control
 * character: `x<attacker@evil.test>.y` and `root,victim@example.com` were
 * stored as one address and mailed as another (issue 41, defect 5).
 *
 * The same rule as the database's private.is_mailbox()
 * (supabase/migrations/20261128100000_newsletter_one_mailbox.sql), which is
 * the one that decides; this copy lets the form say it before asking and the
 * mail worker refuse to send to anything else. Relative imports only: the
 * server loads this file as it is.
 */

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const LAST_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const MAILBOX = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*@(?:${LABEL}\\.)+${LAST_LABEL}$`);

/** At most 254 characters in all (RFC 5321's path less its brackets), 64 before the @. */
export function isMailbox(address: string): boolean {
  return address.length <= 254 && address.indexOf('@') <= 64 && MAILBOX.test(address);
}
