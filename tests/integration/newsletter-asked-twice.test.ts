/**
 * Issue 41, defect 3: a reader who submitted the newsletter form twice got
 * two confirmation mails, and the first one's button answered "Link inválido
 * ou expirado", though that link was neither used nor expired: each request
 * replaced the address's one token. Every link of the last 7 days confirms
 * until one of them has; after that each says the address is already
 * confirmed; a link older than 7 days still fails. Over HTTP as a browser
 * without JavaScript, the mails through a real SMTP server, on PGlite and
 * PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { TRAP_FIELD } from '../../src/features/newsletter-public/lib/addresses.ts';
import { startSmtpSink, type SmtpSink } from '../../server/mail/testing/smtp-sink.ts';
import { targets, useBackend } from './harness.ts';

const sink: { current?: SmtpSink } = {};
beforeAll(async () => {
  sink.current = await startSmtpSink();
});
afterAll(async () => {
  await sink.current?.close();
});

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe.each(targets)('a reader who asked twice, mail over SMTP, on $name', (target) => {
  const backend = useBackend(target, {
    site: true,
    get mail() {
      return { smtpUrl: sink.current!.url, from: 'Helena Duarte <noreply@helena.example>', ratePerMinute: 100_000, idleMs: 100 };
    },
  } as never);

  const subscriber = async (email: string) =>
    (await backend.sql<{ status: string; languages: string[]; unsubscribe_token: string }>(
      `select status, languages, unsubscribe_token::text from public.newsletter_subscribers where email = $1`,
      [email],
    ))[0];

  /** The reader's form, without JavaScript. */
  async function ask(email: string, languages: string[]): Promise<void> {
    const form = new URLSearchParams({ email, lang: 'pt', [TRAP_FIELD]: '' });
    for (const language of languages) form.append('languages', language);
    const posted = await fetch(`${backend.url}/newsletter/subscribe`, { method: 'POST', body: form, redirect: 'manual', headers: FORM });
    expect(posted.headers.get('location')).toBe('/newsletter/subscribe?lang=pt&result=sent');
  }

  /** The confirmation links that arrived for the address, oldest first. */
  async function links(email: string): Promise<string[]> {
    await backend.drainMail();
    return sink
      .current!.received.filter((m) => m.envelope.to.includes(email))
      .map((m) => /(https?:\/\/\S+\/newsletter\/confirm\?token=[0-9a-f]{64}&lang=pt)/.exec(m.parsed.text ?? '')![1]!);
  }

  /** The page's button: a plain form post to the link; the answer page's address and heading. */
  async function press(link: string): Promise<{ location: string; heading: string }> {
    const pressed = await fetch(link, { method: 'POST', redirect: 'manual', headers: FORM, body: '' });
    expect(pressed.status).toBe(303);
    const location = pressed.headers.get('location')!;
    const page = await (await fetch(new URL(location, backend.url))).text();
    return { location, heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(page)?.[1] ?? '' };
  }

  it("confirms with the first mail's button; the second then says the address is already confirmed", { timeout: 60_000 }, async () => {
    const email = `duas-vezes-${randomUUID().slice(0, 8)}@example.com`;
    await ask(email, ['pt']);
    await ask(email, ['pt', 'en']);
    const [first, second, ...more] = await links(email);
    expect(more).toEqual([]);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const { unsubscribe_token: leaveToken } = (await subscriber(email))!;

    // The first mail's button, though a second mail came after it. The newest request's languages apply.
    expect(await press(first!)).toEqual({ location: '/newsletter/confirm?lang=pt&result=confirmed&languages=pt%2Cen', heading: 'Inscrição confirmada' });
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', languages: ['pt', 'en'] });

    // The second, and the first again: no error, nothing changed.
    const already = { location: '/newsletter/confirm?lang=pt&result=already&languages=pt%2Cen', heading: 'Inscrição já confirmada' };
    expect(await press(second!)).toEqual(already);
    expect(await press(first!)).toEqual(already);
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', languages: ['pt', 'en'], unsubscribe_token: leaveToken });

    // The unsubscribe link of her mails still works; then her links name no address on the list.
    const left = await fetch(`${backend.url}/newsletter/unsubscribe?token=${leaveToken}&lang=pt`, { method: 'POST', redirect: 'manual', headers: FORM, body: '' });
    expect(left.headers.get('location')).toBe('/newsletter/unsubscribe?lang=pt&result=done');
    expect(await subscriber(email)).toBeUndefined();
    expect((await press(second!)).location).toBe('/newsletter/confirm?lang=pt&result=invalid');
  });

  it('the second mail confirms too, and a link older than 7 days still fails', { timeout: 60_000 }, async () => {
    const email = `antigo-${randomUUID().slice(0, 8)}@example.com`;
    await ask(email, ['pt']);
    await ask(email, ['pt']);
    const [first, second] = await links(email);
    // The first mail went out 8 days ago; the second an hour ago.
    const token = new URL(first!).searchParams.get('token')!;
    const aged = await backend.sql(
      `update private.newsletter_confirm_links set sent_at = now() - interval '8 days' where token_hash = sha256(convert_to($1, 'UTF8')) returning 1`,
      [token],
    );
    expect(aged).toHaveLength(1);

    expect(await press(first!)).toEqual({ location: '/newsletter/confirm?lang=pt&result=invalid', heading: 'Link inválido ou expirado' });
    expect(await subscriber(email)).toMatchObject({ status: 'pending' });
    expect((await press(second!)).location).toBe('/newsletter/confirm?lang=pt&result=confirmed&languages=pt');
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
    // Confirmed, the old link is still past its days: invalid, not "already confirmed".
    expect((await press(first!)).location).toBe('/newsletter/confirm?lang=pt&result=invalid');
  });
});
