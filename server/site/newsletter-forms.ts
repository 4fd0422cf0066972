/**
 * The newsletter's forms without JavaScript (issue 25): the subscription
 * form's post, the buttons of the confirmation and unsubscribe pages (each a
 * plain form posting to its own address), and RFC 8058's one-click POST,
 * which mail providers send to the unsubscribe link with no cookie, no
 * script and no Origin of ours. Each calls the same function the page's
 * JavaScript calls, through the backend's own REST API in-process with the
 * anon key, as that reader (their turn in the REST line, and their address
 * for SQL's per-client limit: private.request_client()).
 *
 * The answers follow Post/Redirect/Get: a 303 to the page of the result
 * (src/features/newsletter-public/lib/page-views.ts), without the token, so a
 * reload asks nothing again; the one-click POST is answered 200 there and
 * then, as RFC 8058 expects.
 *
 * No CSRF token: a forged cross-site post can do nothing its sender could not
 * do directly (and a browser's cross-site subscription post is refused, so a
 * hostile page cannot spend its visitors' per-client attempts). Subscribing only queues a confirmation mail to the address
 * typed (nothing happens without its owner's click, and SQL limits how
 * often); confirming and unsubscribing need the secret token from the mail,
 * and unsubscribing must work cross-site by design (RFC 8058).
 */
import { Hono, type Context } from 'hono';
import { limitBodies } from '../body-limit.ts';
import { clientAddress } from '../client-address.ts';
import { PoolTimeoutError } from '../db/postgres.ts';
import { SECURITY_HEADERS } from '../static/security-headers.ts';
import {
  confirmOutcome,
  isUnsubscribeToken,
  newsletterPaths,
  pageLanguage,
  subscribeFailure,
  TRAP_FIELD,
} from '../../src/features/newsletter-public/lib/addresses.ts';
import { confirmAddress, subscribeAddress, unsubscribeAddress } from '../../src/features/newsletter-public/lib/page-views.ts';
import { isLocalRedirect } from './local-redirect.ts';

export interface NewsletterFormsDeps {
  /** POSTs `args` to /rest/v1/rpc/`fn` as anon, in `client`'s turn, seen by SQL as that client. */
  rpc(client: string, fn: string, args: Record<string, unknown>): Promise<Response>;
  /** As the site's: the header that names the client behind a trusted proxy. */
  trustedProxyHeader?: string;
}

/** A form of a few short fields: a body past this is no form of ours (413 before it is read). */
export const MAX_FORM_BYTES = 16 * 1024;

type Fields = Record<string, string | string[]>;

/** The fields of a url-encoded or multipart form, text only (any other body is no fields at all). */
async function formFields(c: Context): Promise<Fields> {
  const body = await c.req.parseBody({ all: true });
  const fields: Fields = {};
  for (const [name, value] of Object.entries(body)) {
    const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (texts.length > 0) fields[name] = texts.length === 1 ? texts[0]! : texts;
  }
  return fields;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
const all = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The result of an RPC: its JSON when it answered 2xx, else the error's message (the function's key), or none. */
type Called = { ok: true; body: unknown } | { ok: false; message: string | undefined };

const NO_STORE = { 'Cache-Control': 'no-store' };

function seeOther(location: string): Response {
  // Built from fixed paths and our own query; checked as every Location the site sends.
  if (!isLocalRedirect(location)) throw new Error(`newsletter: refusing to redirect to ${location}`);
  return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, ...NO_STORE, Location: location } });
}

function plain(status: number, body: string, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...SECURITY_HEADERS, ...NO_STORE, 'Content-Type': 'text/plain; charset=utf-8', ...extra } });
}

export function createNewsletterForms(deps: NewsletterFormsDeps): Hono {
  const app = new Hono();

  async function call(c: Context, fn: string, args: Record<string, unknown>): Promise<Called> {
    let res: Response;
    try {
      res = await deps.rpc(clientAddress(c, deps.trustedProxyHeader), fn, args);
    } catch (e) {
      // No turn at the database in time: the reader is told to try again, as for any failure.
      if (!(e instanceof PoolTimeoutError)) console.error(`newsletter: ${fn} failed:`, e);
      return { ok: false, message: undefined };
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON: no message to read.
    }
    if (res.ok) return { ok: true, body };
    const message = body && typeof body === 'object' && 'message' in body ? String(body.message) : undefined;
    return { ok: false, message };
  }

  app.use(
    '/newsletter/*',
    limitBodies({ maxSize: MAX_FORM_BYTES, onError: () => plain(413, 'This form is larger than a form of this site can be.', { Connection: 'close' }) }),
  );

  app.post(newsletterPaths.subscribe, async (c) => {
    // A hostile page's hidden form would spend its visitors' hourly attempts
    // (the per-client limit) on addresses of its choosing: browsers say when a
    // post comes from another site, and the form is only ever posted from ours.
    if (c.req.header('sec-fetch-site') === 'cross-site') {
      return plain(403, 'Inscreva-se pela página do site. / Subscribe from the site\'s own page.\n');
    }
    const fields = await formFields(c);
    const lang = pageLanguage(one(fields.lang));
    const called = await call(c, 'newsletter_subscribe', {
      email: one(fields.email),
      // As sent: the function itself refuses what is not pt or en.
      languages: all(fields.languages),
      page_language: lang,
      trap: one(fields[TRAP_FIELD]),
    });
    return seeOther(subscribeAddress({ lang, outcome: called.ok ? 'sent' : subscribeFailure(called.message) }));
  });

  app.post(newsletterPaths.confirm, async (c) => {
    const token = c.req.query('token')?.trim() ?? '';
    const lang = pageLanguage(c.req.query('lang'));
    const called = await call(c, 'newsletter_confirm', { token });
    if (!called.ok) return seeOther(confirmAddress({ lang, state: 'ask', failed: true }, token));
    const answer = confirmOutcome(called.body);
    return seeOther(confirmAddress(answer ? { lang, state: answer.outcome, languages: answer.languages } : { lang, state: 'invalid' }));
  });

  app.post(newsletterPaths.unsubscribe, async (c) => {
    const token = c.req.query('token')?.trim() ?? '';
    const lang = pageLanguage(c.req.query('lang'));
    const oneClick = one((await formFields(c))['List-Unsubscribe']) === 'One-Click';
    // Not a uuid: no subscriber has it, so there is nothing to delete (the same answer as for one who left already).
    const called: Called = isUnsubscribeToken(token) ? await call(c, 'newsletter_unsubscribe', { token }) : { ok: true, body: false };
    if (oneClick) {
      return called.ok ? plain(200, 'Unsubscribed.\n') : plain(503, 'The unsubscription could not be completed. Please try again.\n', { 'Retry-After': '60' });
    }
    return seeOther(unsubscribeAddress(called.ok ? { lang, state: 'done' } : { lang, state: 'ask', failed: true }, token));
  });

  return app;
}
