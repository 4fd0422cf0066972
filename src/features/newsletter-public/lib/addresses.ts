/**
 * The newsletter's public addresses (issue 25: the links in its mails lead
 * here) and what their queries say, in one place for the pages, which read
 * them, and the server's form handlers (server/site/newsletter-forms.ts),
 * which answer a form post with a 303 to one of them. Relative imports only:
 * the server loads this file as it is.
 *
 * A page's view is read from its query alone, so the server renders it from
 * a normalized path (one page per view, whatever the token: the token is
 * never written into the page) and the browser hydrates the same markup from
 * the real address.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../lib/language';

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
export type SubscribeOutcome =
  | 'sent'
  | 'invalid-email'
  | 'invalid-languages'
  | 'trap'
  | 'address-limit'
  | 'client-limit'
  | 'busy'
  | 'failed';

/** newsletter_subscribe's errors (error.message is the key: supabase/migrations/20261124200000_newsletter.sql). */
const SUBSCRIBE_ERRORS: Record<string, SubscribeOutcome> = {
  newsletter_invalid_email: 'invalid-email',
  newsletter_invalid_languages: 'invalid-languages',
  newsletter_trap: 'trap',
  newsletter_address_limit: 'address-limit',
  newsletter_client_limit: 'client-limit',
  newsletter_busy: 'busy',
};

const OUTCOMES: ReadonlySet<string> = new Set<SubscribeOutcome>(['sent', ...Object.values(SUBSCRIBE_ERRORS), 'failed']);

/** The outcome of a failed call by its error message; anything unknown (a network failure, a 5xx) is 'failed'. */
export function subscribeFailure(message: string | undefined): SubscribeOutcome {
  return (message !== undefined && SUBSCRIBE_ERRORS[message]) || 'failed';
}

/** The same check as newsletter_subscribe's (so the browser says it before asking). */
export function looksLikeEmail(address: string): boolean {
  return address.length <= 254 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address);
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

export type SubscribeView = { lang: Language; outcome: SubscribeOutcome | undefined };

export type ConfirmView =
  | { lang: Language; state: 'ask'; failed: boolean }
  | { lang: Language; state: 'confirmed'; languages: Language[] }
  | { lang: Language; state: 'invalid' };

export type UnsubscribeView =
  | { lang: Language; state: 'ask'; failed: boolean }
  | { lang: Language; state: 'done' }
  | { lang: Language; state: 'missing' };

const tokenOf = (params: URLSearchParams) => params.get('token')?.trim() ?? '';

export function subscribeView(params: URLSearchParams): SubscribeView {
  const result = params.get('result') ?? '';
  return { lang: pageLanguage(params.get('lang')), outcome: OUTCOMES.has(result) ? (result as SubscribeOutcome) : undefined };
}

export function confirmView(params: URLSearchParams): ConfirmView {
  const lang = pageLanguage(params.get('lang'));
  const result = params.get('result');
  if (result === 'confirmed') return { lang, state: 'confirmed', languages: languagesFrom(params.getAll('languages')) };
  if (result === 'invalid' || !tokenOf(params)) return { lang, state: 'invalid' };
  return { lang, state: 'ask', failed: result === 'failed' };
}

export function unsubscribeView(params: URLSearchParams): UnsubscribeView {
  const lang = pageLanguage(params.get('lang'));
  if (params.get('result') === 'done') return { lang, state: 'done' };
  if (!tokenOf(params)) return { lang, state: 'missing' };
  return { lang, state: 'ask', failed: params.get('result') === 'failed' };
}

/** A page address with these query words, in this order. */
function address(path: string, words: [string, string | undefined][]): string {
  const query = new URLSearchParams(words.filter((w): w is [string, string] => w[1] !== undefined)).toString();
  return query ? `${path}?${query}` : path;
}

/** The page of a view. `token` goes back only where the page asks again (the server renders with a stand-in). */
export function subscribeAddress(view: SubscribeView): string {
  return address(newsletterPaths.subscribe, [['lang', view.lang], ['result', view.outcome]]);
}

export function confirmAddress(view: ConfirmView, token = ''): string {
  if (view.state === 'confirmed') return address(newsletterPaths.confirm, [['lang', view.lang], ['result', 'confirmed'], ['languages', view.languages.join(',')]]);
  if (view.state === 'invalid') return address(newsletterPaths.confirm, [['lang', view.lang], ['result', 'invalid']]);
  return address(newsletterPaths.confirm, [['token', token], ['lang', view.lang], ['result', view.failed ? 'failed' : undefined]]);
}

export function unsubscribeAddress(view: UnsubscribeView, token = ''): string {
  if (view.state === 'done') return address(newsletterPaths.unsubscribe, [['lang', view.lang], ['result', 'done']]);
  if (view.state === 'missing') return address(newsletterPaths.unsubscribe, [['lang', view.lang]]);
  return address(newsletterPaths.unsubscribe, [['token', token], ['lang', view.lang], ['result', view.failed ? 'failed' : undefined]]);
}

/** What the server renders for a newsletter page's address: its view's own address, a stand-in for the token. */
export function newsletterRenderPath(pathname: string, params: URLSearchParams): string | undefined {
  const standIn = 'token';
  if (pathname === newsletterPaths.subscribe) return subscribeAddress(subscribeView(params));
  if (pathname === newsletterPaths.confirm) return confirmAddress(confirmView(params), standIn);
  if (pathname === newsletterPaths.unsubscribe) return unsubscribeAddress(unsubscribeView(params), standIn);
  return undefined;
}
