/**
 * The newsletter's public addresses (issue 25: the links in its mails lead
 * here) and the words its forms use, shared by the subscription form, the
 * pages (page-views.ts) and the server's form handlers
 * (server/site/newsletter-forms.ts). Relative imports only: the server loads
 * this file as it is. What only the pages need is in page-views.ts, out of
 * the home page's first load.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../lib/language';
import { isMailbox } from '../../../lib/mailbox';

export const newsletterPaths = {
  /** The form's action without JavaScript, and its answer page (a form of its own when asked with no answer). */
  subscribe: '/newsletter/subscribe',
  /** The confirmation mail's link: `?token=<64 hex>&lang=pt|en`. */
  confirm: '/newsletter/confirm',
  /** Every newsletter mail's unsubscribe link: `?token=<uuid>&lang=pt|en`. */
  unsubscribe: '/newsletter/unsubscribe',
} as const;

/**
 * The hidden field only bots fill, passed to newsletter_subscribe as `trap`.
 * Named for nothing a browser's autofill or a password manager recognises
 * (name, email, address, phone, company, url…), so a person's browser never
 * fills it for them.
 */
export const TRAP_FIELD = 'topic';

/** What a subscription attempt came to: 'sent' whatever the address's state, or why not. */
export const SUBSCRIBE_OUTCOMES = [
  'sent',
  'invalid-email',
  'invalid-languages',
  'trap',
  'address-limit',
  'client-limit',
  'busy',
  'failed',
] as const;

export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number];

/** newsletter_subscribe's errors (error.message is the key: supabase/migrations/20261124200000_newsletter.sql). */
const SUBSCRIBE_ERRORS: Record<string, SubscribeOutcome> = {
  newsletter_invalid_email: 'invalid-email',
  newsletter_invalid_languages: 'invalid-languages',
  newsletter_trap: 'trap',
  newsletter_address_limit: 'address-limit',
  newsletter_client_limit: 'client-limit',
  newsletter_busy: 'busy',
};

/** The outcome of a failed call by its error message; anything unknown (a network failure, a 5xx) is 'failed'. */
export function subscribeFailure(message: string | undefined): SubscribeOutcome {
  return (message !== undefined && SUBSCRIBE_ERRORS[message]) || 'failed';
}

/** What the confirmation button did: the address is confirmed now, or was already (by another of its links). */
export type ConfirmOutcome = 'confirmed' | 'already';

/**
 * newsletter_confirm's answer (one row: outcome, languages) as the pages read
 * it; null for an invalid link, or an answer of any other shape.
 */
export function confirmOutcome(body: unknown): { outcome: ConfirmOutcome; languages: Language[] } | null {
  const row: unknown = Array.isArray(body) ? body[0] : undefined;
  if (!row || typeof row !== 'object') return null;
  const { outcome, languages } = row as { outcome?: unknown; languages?: unknown };
  const received = Array.isArray(languages) ? languagesFrom(languages.map(String)) : [];
  if (outcome === 'confirmed') return { outcome: 'confirmed', languages: received };
  if (outcome === 'already_confirmed') return { outcome: 'already', languages: received };
  return null;
}

/** The same rule as newsletter_subscribe's (private.is_mailbox), so the browser says it before asking. */
export function looksLikeEmail(address: string): boolean {
  return isMailbox(address);
}

/** The page's language from `?lang=`: Portuguese unless it says English. */
export function pageLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** pt, en or both from `languages=pt,en` (or repeated values), in the site's order, unknown ones dropped. */
export function languagesFrom(values: readonly string[]): Language[] {
  const given = new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim()));
  return (['pt', 'en'] as const).filter((language) => given.has(language));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An unsubscribe token is a uuid; anything else names no subscriber (and would be a 400 from the database). */
export function isUnsubscribeToken(token: string): boolean {
  return UUID.test(token);
}
