/**
 * What each newsletter page shows, read from its address alone, and the
 * address of each view: the pages read them, the server's form handlers
 * (server/site/newsletter-forms.ts) answer a post with a 303 to one. The
 * server renders a page from its view's own address (one page per view,
 * whatever the token: a reader's token is never written into a page, nor
 * into the key a page is kept under), and the browser hydrates the same
 * markup from the real address. Relative imports only: the server loads this
 * file as it is.
 */
import type { Language } from '../../../lib/language';
import { languagesFrom, newsletterPaths, pageLanguage, SUBSCRIBE_OUTCOMES, type SubscribeOutcome } from './addresses';

const OUTCOMES: ReadonlySet<string> = new Set(SUBSCRIBE_OUTCOMES);

export type SubscribeView = { lang: Language; outcome: SubscribeOutcome | undefined };

export type ConfirmView =
  | { lang: Language; state: 'ask'; failed: boolean }
  | { lang: Language; state: 'confirmed'; languages: Language[] }
  /** Another link of the address confirmed it before: no error, nothing changed. */
  | { lang: Language; state: 'already'; languages: Language[] }
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
  if (result === 'confirmed' || result === 'already') return { lang, state: result, languages: languagesFrom(params.getAll('languages')) };
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
  if (view.state === 'confirmed' || view.state === 'already') {
    return address(newsletterPaths.confirm, [['lang', view.lang], ['result', view.state], ['languages', view.languages.join(',')]]);
  }
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
