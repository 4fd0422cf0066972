/**
 * The one-click unsubscribe of RFC 8058 for a site on a static host (decision
 * 210): a static host cannot answer the POST that Gmail, Yahoo and Apple Mail
 * send to a mail's List-Unsubscribe address, so on hosted Supabase that
 * address is this Edge Function (MAIL_ONE_CLICK_URL of the mail worker).
 *
 * POST ?token=<uuid> (body List-Unsubscribe=One-Click, or the page's form):
 * deletes the address at once through public.newsletter_unsubscribe, as anon,
 * and answers 200 whatever the token, so it tells no one whether it was
 * valid. GET (an older client, or a person): 303 to the site's unsubscribe
 * page, whose button asks first — opening a link must not unsubscribe, since
 * mail scanners open them all.
 *
 * Plain fetch and Request/Response only, so the same code runs in Deno and
 * in this repository's tests (tests/integration/newsletter-edge-function.test.ts).
 */
export interface UnsubscribeEnv {
  /** SUPABASE_URL, which every Edge Function is given. */
  supabaseUrl: string;
  /** SUPABASE_ANON_KEY, idem: the function acts as any visitor would. */
  anonKey: string;
  /** SITE_URL: where the unsubscribe page lives. */
  siteUrl: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', ...headers } });

export async function handleUnsubscribe(request: Request, env: UnsubscribeEnv): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'pt';
  if (request.method === 'GET' || request.method === 'HEAD') {
    const page = new URL('/newsletter/unsubscribe', env.siteUrl);
    page.searchParams.set('token', token);
    page.searchParams.set('lang', lang);
    return new Response(null, { status: 303, headers: { Location: page.toString(), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
  }
  if (request.method !== 'POST') return text(405, 'Method not allowed', { Allow: 'GET, HEAD, POST' });
  if (UUID.test(token)) {
    const answer = await fetch(new URL('/rest/v1/rpc/newsletter_unsubscribe', env.supabaseUrl), {
      method: 'POST',
      headers: { apikey: env.anonKey, Authorization: `Bearer ${env.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    // The database could not be asked: say so, so the mail client may try again.
    if (!answer.ok) return text(503, lang === 'en' ? 'Try again in a moment.' : 'Tente de novo em instantes.', { 'Retry-After': '60' });
  }
  return text(200, lang === 'en' ? 'Unsubscribed. Your address was deleted.' : 'Inscrição cancelada. Seu endereço foi apagado.');
}
