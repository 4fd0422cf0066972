/**
 * How mail leaves the backend and the mail worker: SMTP_URL, MAIL_FROM and
 * MAIL_RATE, checked once at start. Without SMTP_URL mails go to the outbox
 * folder (development). A wrong value stops the process with a message that
 * says how to fix it, and never repeats the SMTP password.
 */
import addressparser from 'nodemailer/lib/addressparser';
import { ConfigError } from '../config.ts';

export interface MailConfig {
  /** SMTP_URL (smtp://user:pass@host:587 → STARTTLS; smtps://…:465 → TLS); undefined = the outbox folder (development). */
  smtpUrl: string | undefined;
  /** MAIL_FROM, e.g. "Nome <noreply@example.com>"; default "noreply@localhost" only when smtpUrl is unset. */
  from: string;
  /** MAIL_RATE: mails per minute at most (default 300; a positive integer). */
  ratePerMinute: number;
  /**
   * MAIL_ONE_CLICK_URL: where mail clients POST the one-click unsubscribe of
   * RFC 8058 (the List-Unsubscribe address). Unset: SITE_URL's
   * /newsletter/unsubscribe, which this server answers; a site on a static
   * host sets its Edge Function (supabase/functions/newsletter-unsubscribe).
   */
  oneClickUrl?: string | undefined;
}

const DEFAULT_RATE = 300;
const URL_EXAMPLE = 'smtp://user:password@smtp.example.com:587 (STARTTLS) or smtps://user:password@smtp.example.com:465 (TLS)';

/** The URL with its password masked, for messages that must name it. */
function withoutPassword(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  return copy.href;
}

function checkSmtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not echoed: a malformed URL may still carry the password.
    throw new ConfigError(`SMTP_URL is not a URL. Use ${URL_EXAMPLE}; write a password's special characters percent-encoded (@ as %40, / as %2F).`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//). Use ${URL_EXAMPLE}.`);
  }
  if (!url.hostname) throw new ConfigError(`SMTP_URL has no host name. Use ${URL_EXAMPLE}.`);
  if ((url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) {
    throw new ConfigError(`SMTP_URL must have no path, query or fragment (got ${withoutPassword(url)}). Use ${URL_EXAMPLE}.`);
  }
  if (url.password && !url.username) {
    throw new ConfigError(`SMTP_URL has a password but no user name. Use ${URL_EXAMPLE}.`);
  }
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    throw new ConfigError('SMTP_URL has a user name or password with a broken %-escape. Percent-encode its special characters (@ as %40, / as %2F, % as %25).');
  }
  return raw;
}

/** An address SMTP can carry in MAIL FROM: local@domain, no spaces, brackets or line breaks. */
function isPlainAddress(address: string): boolean {
  return /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/.test(address);
}

/** The address part of MAIL_FROM (for Message-ID domains) and its display name, parsed with nodemailer's addressparser. */
export function parseFrom(from: string): { name: string; address: string } {
  const parsed = addressparser(from);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || only.group !== undefined || !isPlainAddress(only.address)) {
    throw new ConfigError(
      `MAIL_FROM=${from} is not one email address. Set it to an address of a domain your SMTP server may send for, ` +
        'like noreply@example.com or "Site name <noreply@example.com>".',
    );
  }
  return { name: only.name, address: only.address };
}

function parseRate(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_RATE;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(`MAIL_RATE=${raw} is not a positive whole number. Set it to the most mails per minute your SMTP provider allows, like 300 (the default), or unset it.`);
  }
  return Number(raw);
}

export function parseMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const smtpUrl = checkSmtpUrl(env.SMTP_URL);
  const rawFrom = env.MAIL_FROM?.trim() || undefined;
  if (smtpUrl && !rawFrom) {
    throw new ConfigError(
      'SMTP_URL is set but MAIL_FROM is not. Set MAIL_FROM to the sender address your SMTP provider accepts, like "Site name <noreply@example.com>".',
    );
  }
  const from = rawFrom ?? 'noreply@localhost';
  parseFrom(from);
  return { smtpUrl, from, ratePerMinute: parseRate(env.MAIL_RATE), oneClickUrl: parseOneClickUrl(env.MAIL_ONE_CLICK_URL) };
}

function parseOneClickUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`MAIL_ONE_CLICK_URL=${raw} is not a URL. Set it to the newsletter-unsubscribe Edge Function, like https://<project-ref>.supabase.co/functions/v1/newsletter-unsubscribe, or unset it.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`MAIL_ONE_CLICK_URL must start with https:// (got ${url.protocol}//).`);
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError('MAIL_ONE_CLICK_URL must have no query, fragment or credentials: the token and language are added to it.');
  }
  return url.toString();
}
