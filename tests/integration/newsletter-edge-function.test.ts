/**
 * The one-click unsubscribe of a site on a static host (issue 25, decision
 * 210): the Edge Function's handler (supabase/functions/newsletter-unsubscribe)
 * against the real backend, as hosted Supabase would run it: a POST with
 * RFC 8058's body deletes the address at once, as anon; a GET only leads to
 * the site's page with its button; a wrong token is answered like a right one.
 */
import { randomUUID } from 'node:crypto';
import { handleUnsubscribe } from '../../supabase/functions/newsletter-unsubscribe/handler.ts';
import { targets, useBackend } from './harness.ts';

const FUNCTION_URL = 'https://project.supabase.example/functions/v1/newsletter-unsubscribe';

describe.each(targets)('the newsletter-unsubscribe Edge Function on $name', (target) => {
  const backend = useBackend(target);
  const env = () => ({ supabaseUrl: backend.url, anonKey: backend.anonKey, siteUrl: 'https://helena.example' });

  async function subscriber(): Promise<{ email: string; token: string }> {
    const email = `one-click-${randomUUID().slice(0, 8)}@example.com`;
    const [row] = await backend.sql<{ token: string }>(
      `insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values ($1, '{pt}', 'confirmed', now())
       returning unsubscribe_token::text as token`,
      [email],
    );
    return { email, token: row!.token };
  }
  const exists = async (email: string) => (await backend.sql(`select 1 from public.newsletter_subscribers where email = $1`, [email])).length === 1;
  const oneClick = (token: string) =>
    new Request(`${FUNCTION_URL}?token=${token}&lang=pt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

  it('unsubscribes at once on the one-click POST, with no session', async () => {
    const { email, token } = await subscriber();
    const answer = await handleUnsubscribe(oneClick(token), env());
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('Inscrição cancelada. Seu endereço foi apagado.');
    expect(await exists(email)).toBe(false);
  });

  it('changes nothing on a GET: it leads to the page whose button asks', async () => {
    const { email, token } = await subscriber();
    const answer = await handleUnsubscribe(new Request(`${FUNCTION_URL}?token=${token}&lang=en`), env());
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`https://helena.example/newsletter/unsubscribe?token=${token}&lang=en`);
    expect(await exists(email)).toBe(true);
  });

  it('answers an unknown or malformed token exactly like a valid one', async () => {
    const { email } = await subscriber();
    for (const token of [randomUUID(), 'not-a-token', '']) {
      const answer = await handleUnsubscribe(oneClick(token), env());
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('Inscrição cancelada. Seu endereço foi apagado.');
    }
    expect(await exists(email)).toBe(true);
    expect((await handleUnsubscribe(new Request(FUNCTION_URL, { method: 'DELETE' }), env())).status).toBe(405);
  });
});
