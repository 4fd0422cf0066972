/**
 * Issue 25's "done when", end to end over HTTP as a browser without
 * JavaScript would do it, with SMTP_URL pointing at a real SMTP server in
 * this process, on PGlite and PostgreSQL: a reader subscribes from /pt with
 * the plain form; the confirmation arrives by SMTP; opening its link confirms
 * nothing, the page's button does; a post published in Portuguese reaches her
 * once with RFC 8058's headers, and one POST to its List-Unsubscribe address
 * unsubscribes her; an English-only subscriber never gets it.
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

const headerOf = (raw: readonly { key: string; line: string }[], name: string) => {
  const line = raw.find((h) => h.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
};

describe.each(targets)('a reader without JavaScript, mail over SMTP, on $name', (target) => {
  const backend = useBackend(target, {
    site: true,
    get mail() {
      return { smtpUrl: sink.current!.url, from: 'Helena Duarte <noreply@helena.example>', ratePerMinute: 100_000, idleMs: 100 };
    },
  } as never);

  const statusOf = async (email: string) =>
    (await backend.sql<{ status: string }>(`select status from public.newsletter_subscribers where email = $1`, [email]))[0]?.status;
  const mailsTo = (email: string) => sink.current!.received.filter((m) => m.envelope.to.includes(email));

  it('subscribes by the form, confirms by the button only, receives the post once, and leaves by one POST', { timeout: 60_000 }, async () => {
    const email = `sem-js-${randomUUID().slice(0, 8)}@example.com`;
    const home = await fetch(`${backend.url}/pt`);
    const html = await home.text();
    expect(html).toContain('action="/newsletter/subscribe"');

    const form = new URLSearchParams({ email, languages: 'pt', lang: 'pt', [TRAP_FIELD]: '' });
    const posted = await fetch(`${backend.url}/newsletter/subscribe`, {
      method: 'POST', body: form, redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(303);
    const answer = await fetch(new URL(posted.headers.get('location')!, backend.url));
    expect(answer.status).toBe(200);

    await backend.drainMail();
    const confirmation = mailsTo(email);
    expect(confirmation).toHaveLength(1);
    const link = /(https?:\/\/\S+\/newsletter\/confirm\?token=[0-9a-f]{64}&lang=pt)/.exec(confirmation[0]!.parsed.text ?? '')![1]!;

    // Opening the link, as a person or a mail scanner: a page with a button, and nothing changed.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirmar inscrição');
    expect(await statusOf(email)).toBe('pending');

    // The button: a plain form post to the same address.
    const pressed = await fetch(link, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(pressed.status).toBe(303);
    expect(await statusOf(email)).toBe('confirmed');

    const english = `so-ingles-${randomUUID().slice(0, 8)}@example.com`;
    await backend.sql(`insert into public.newsletter_subscribers (email, languages, status, confirmed_at) values ($1, '{en}', 'confirmed', now())`, [english]);

    const admin = await backend.createAdmin();
    const title = `Comunicação de crise ${randomUUID().slice(0, 4)}`;
    const created = await admin.client
      .from('blog_posts')
      .insert({ title, excerpt: 'Resumo', content: 'O texto.', category: 'Outros', language: 'pt', published: true, newsletter: true })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    await backend.drainMail();
    await backend.drainMail();

    const post = mailsTo(email).filter((m) => m.parsed.subject === title);
    expect(post).toHaveLength(1);
    expect(mailsTo(english)).toHaveLength(0);
    const lines = post[0]!.parsed.headerLines;
    expect(headerOf(lines, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https?:\/\/[^>]+)>/.exec(headerOf(lines, 'list-unsubscribe'))![1]!;
    expect(oneClick).toContain('/newsletter/unsubscribe?token=');

    // RFC 8058: one POST, no cookie, no page, no JavaScript.
    const left = await fetch(oneClick, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(left.status).toBe(200);
    expect(await statusOf(email)).toBeUndefined();

    // Edited, unpublished and published again: nothing more to anyone.
    await admin.client.from('blog_posts').update({ published: false }).eq('id', created.data!.id);
    await admin.client.from('blog_posts').update({ published: true, excerpt: 'Outro' }).eq('id', created.data!.id);
    await backend.drainMail();
    expect(mailsTo(email).filter((m) => m.parsed.subject === title)).toHaveLength(1);
  });
});
