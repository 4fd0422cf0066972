/**
 * Mail that really leaves (issue 25): with SMTP_URL pointing at a real SMTP
 * server in this process (server/mail/testing/smtp-sink.ts), on PGlite and
 * PostgreSQL. A reader subscribes, the confirmation arrives by SMTP, its
 * button confirms; a post published in Portuguese reaches each Portuguese
 * subscriber once, with RFC 8058's headers, and no English-only one; it never
 * goes again (unpublished and published, edited); a scheduled post goes at its
 * time; refusals are retried or recorded; a password-recovery mail arrives by
 * SMTP too.
 */
import { randomUUID } from 'node:crypto';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../server/mail/testing/smtp-sink.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

const sink: { current?: SmtpSink } = {};
beforeAll(async () => {
  sink.current = await startSmtpSink();
});
afterAll(async () => {
  await sink.current?.close();
});

const FROM = 'Helena Duarte <noreply@helena.example>';
const mailsTo = (address: string): ReceivedMail[] => sink.current!.received.filter((m) => m.envelope.to.includes(address));
const textOf = (mail: ReceivedMail) => mail.parsed.text ?? '';
/** A header as the message carries it (mailparser folds List-* headers into one object otherwise). */
const header = (mail: ReceivedMail, name: string) => {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
};

describe.each(targets)('newsletter delivery over SMTP on $name', (target) => {
  // Created lazily: the sink's URL exists once beforeAll above has run.
  const backend = useBackend(target, {
    get mail() {
      return { smtpUrl: sink.current!.url, from: FROM, ratePerMinute: 100_000, idleMs: 100 };
    },
  } as never);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

  async function subscribe(email: string, languages: string[], lang = 'pt'): Promise<string> {
    const r = await backend.anon().rpc('newsletter_subscribe', { email, languages, page_language: lang, trap: '' });
    expect(r.error).toBeNull();
    await backend.drainMail();
    const mail = mailsTo(email).at(-1);
    expect(mail, `a confirmation mail to ${email}`).toBeDefined();
    const link = /https?:\/\/\S+\/newsletter\/confirm\?token=([0-9a-f]{64})&lang=(pt|en)/.exec(textOf(mail!));
    expect(link, 'the confirmation link').not.toBeNull();
    return link![1]!;
  }

  async function confirmed(email: string, languages: string[]): Promise<void> {
    const token = await subscribe(email, languages);
    expect((await backend.anon().rpc('newsletter_confirm', { token })).data).toEqual([{ outcome: 'confirmed', languages }]);
  }

  async function publish(title: string, language: 'pt' | 'en', over: Record<string, unknown> = {}): Promise<string> {
    const r = await admin.client
      .from('blog_posts')
      .insert({ title, excerpt: `Resumo de ${title}`, content: `Primeiro parágrafo de **${title}**.\n\nSegundo.`, category: language === 'en' ? 'Others' : 'Outros', language, published: true, newsletter: true, ...over })
      .select('id')
      .single();
    expect(r.error).toBeNull();
    await backend.drainMail();
    await backend.drainMail();
    return r.data!.id;
  }

  it('confirms by the button only: the mail is in the chosen language, and its link alone changes nothing', async () => {
    const email = address('leitora');
    const token = await subscribe(email, ['pt']);
    const mail = mailsTo(email).at(-1)!;
    expect(mail.parsed.subject).toBe('Confirme sua inscrição em Helena Duarte');
    expect(mail.parsed.html).toContain('Confirme sua inscrição');
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Helena Duarte', address: 'noreply@helena.example' });
    const [pending] = await backend.sql<{ status: string }>(`select status from public.newsletter_subscribers where email = $1`, [email]);
    expect(pending?.status).toBe('pending');
    expect((await backend.anon().rpc('newsletter_confirm', { token })).data).toEqual([{ outcome: 'confirmed', languages: ['pt'] }]);
    const [now] = await backend.sql<{ status: string }>(`select status from public.newsletter_subscribers where email = $1`, [email]);
    expect(now?.status).toBe('confirmed');
    // The token confirmed once; pressed again it says so and changes nothing. The mail's secret is gone from the queue once delivered.
    expect((await backend.anon().rpc('newsletter_confirm', { token })).data).toEqual([{ outcome: 'already_confirmed', languages: ['pt'] }]);
    const secrets = await backend.sql(`select 1 from private.mail_queue where recipient = $1 and payload ? 'token'`, [email]);
    expect(secrets).toEqual([]);
  });

  it('sends a Portuguese post once to each Portuguese subscriber, with one-click unsubscribe, and none to English-only ones', async () => {
    const pt = address('pt');
    const both = address('both');
    const en = address('en');
    await confirmed(pt, ['pt']);
    await confirmed(both, ['pt', 'en']);
    await confirmed(en, ['en']);
    const title = `Crise e confiança ${randomUUID().slice(0, 4)}`;
    const id = await publish(title, 'pt');

    const received = (email: string) => mailsTo(email).filter((m) => m.parsed.subject === title);
    expect(received(pt)).toHaveLength(1);
    expect(received(both)).toHaveLength(1);
    expect(received(en)).toHaveLength(0);

    const mail = received(pt)[0]!;
    expect(mail.parsed.text).toContain(`Primeiro parágrafo de ${title}`);
    expect(mail.parsed.html).toMatch(new RegExp(`<strong[^>]*>${title}</strong>`));
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /<(https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=([0-9a-f-]{36})[^>]*)>/.exec(header(mail, 'List-Unsubscribe'));
    expect(unsubscribe, 'an https unsubscribe address').not.toBeNull();
    expect(header(mail, 'List-Unsubscribe')).toContain('<mailto:noreply@helena.example?subject=unsubscribe>');
    expect(mail.parsed.messageId).toMatch(new RegExp(`^<post\\.${id}\\.[0-9a-f-]+@helena\\.example>$`));

    // Never twice: unpublished and published again, then edited.
    await admin.client.from('blog_posts').update({ published: false }).eq('id', id);
    await admin.client.from('blog_posts').update({ published: true }).eq('id', id);
    await admin.client.from('blog_posts').update({ excerpt: 'Outro resumo' }).eq('id', id);
    await backend.drainMail();
    await backend.drainMail();
    expect(received(pt)).toHaveLength(1);
    expect(received(both)).toHaveLength(1);

    // Her report: to how many, how many arrived.
    const progress = await admin.client.rpc('newsletter_send_progress');
    const row = progress.data!.find((p) => p.post_id === id)!;
    const [{ n }] = (await backend.sql<{ n: number }>(
      `select count(*)::int as n from public.newsletter_subscribers where status = 'confirmed' and 'pt' = any(languages)`,
    )) as [{ n: number }];
    expect(row).toMatchObject({ recipients: n, sent: n, failed: 0, waiting: 0 });

    // The unsubscribe, as the one-click POST of RFC 8058 would do it through the function.
    expect((await backend.anon().rpc('newsletter_unsubscribe', { token: unsubscribe![2]! })).data).toBe(true);
    expect(await backend.sql(`select 1 from public.newsletter_subscribers where email = $1`, [pt])).toEqual([]);
    expect(await backend.sql(`select 1 from private.mail_queue where recipient = $1`, [pt])).toEqual([]);
  });

  it('sends a scheduled post at its time, not before', async () => {
    const reader = address('agendado');
    await confirmed(reader, ['en']);
    const title = `Scheduled ${randomUUID().slice(0, 4)}`;
    const date = new Date(Date.now() + 3_600_000).toISOString();
    const id = await publish(title, 'en', { date });
    expect(mailsTo(reader).filter((m) => m.parsed.subject === title)).toHaveLength(0);
    await backend.sql(`update private.site_clock set skew = interval '2 hours'`);
    try {
      await backend.drainMail();
      await backend.drainMail();
      expect(mailsTo(reader).filter((m) => m.parsed.subject === title)).toHaveLength(1);
    } finally {
      await backend.sql(`update private.site_clock set skew = interval '0'`);
    }
    const [sent] = await backend.sql<{ recipients: number }>(`select recipients from public.newsletter_sends where post_id = $1`, [id]);
    expect(sent?.recipients).toBeGreaterThanOrEqual(1);
  });

  it('never sends imported posts, nor posts she did not mark', async () => {
    const reader = address('arquivo');
    await confirmed(reader, ['pt']);
    const unmarked = `Sem envio ${randomUUID().slice(0, 4)}`;
    await publish(unmarked, 'pt', { newsletter: false });
    expect(mailsTo(reader).filter((m) => m.parsed.subject === unmarked)).toHaveLength(0);
    const imported = await admin.client.from('blog_posts').insert({
      title: 'Antigo', excerpt: '', content: 'x', category: 'Outros', language: 'pt', published: true, newsletter: true,
      origin_source: 'wordpress', origin_id: randomUUID(),
    });
    expect(imported.error?.message).toContain('blog_posts_imported_not_sent');
  });

  it('tries a refused mail again after a while, and records one refused for good with its reason', async () => {
    const later = address('later');
    const never = address('never');
    await confirmed(later, ['pt']);
    await confirmed(never, ['pt']);
    // Counted from the post's mail: the confirmation was the address's first.
    sink.current!.refuse((to, attempt) => {
      if (to === later && attempt === 2) return { code: 451, message: '4.3.0 Try again later' };
      if (to === never) return { code: 550, message: '5.1.1 No such user' };
      return undefined;
    });
    const title = `Recusas ${randomUUID().slice(0, 4)}`;
    const id = await publish(title, 'pt');
    try {
      const rows = await backend.sql<{ recipient: string; state: string; attempts: number; last_error: string }>(
        `select recipient, state, attempts, last_error from private.mail_queue where post_id = $1 and recipient in ($2, $3) order by recipient`,
        [id, later, never],
      );
      expect(rows.find((r) => r.recipient === later)).toMatchObject({ state: 'queued', attempts: 1 });
      expect(rows.find((r) => r.recipient === later)!.last_error).toContain('Try again later');
      expect(rows.find((r) => r.recipient === never)).toMatchObject({ state: 'failed', attempts: 1 });
      expect(rows.find((r) => r.recipient === never)!.last_error).toContain('No such user');
      // Its time comes (the backoff's 30 s, brought forward): it goes, once.
      await backend.sql(`update private.mail_queue set next_attempt_at = now() where post_id = $1 and recipient = $2`, [id, later]);
      await backend.drainMail();
      expect(mailsTo(later).filter((m) => m.parsed.subject === title)).toHaveLength(1);
      const progress = (await admin.client.rpc('newsletter_send_progress')).data!.find((p) => p.post_id === id)!;
      expect(progress).toMatchObject({ failed: 1, waiting: 0 });
    } finally {
      sink.current!.refuse(() => undefined);
    }
  });

  it("sends her test copy to her own address only", async () => {
    const { data: post } = await admin.client.from('blog_posts').insert({ title: 'Rascunho', excerpt: 'r', content: 'Texto', category: 'Outros', language: 'pt', published: false }).select('id').single();
    expect((await admin.client.rpc('newsletter_send_test', { post: post!.id })).error).toBeNull();
    await backend.drainMail();
    const mine = mailsTo(admin.email).filter((m) => m.parsed.subject === '[Teste] Rascunho');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.parsed.text).toContain('Este é um envio de teste');
  });

  it('delivers password recovery by SMTP too', async () => {
    const user = await backend.createUser('recupera');
    const r = await backend.anon().auth.resetPasswordForEmail(user.email, { redirectTo: `${backend.url}/auth` });
    expect(r.error).toBeNull();
    await backend.drainMail();
    const mail = mailsTo(user.email).at(-1);
    expect(mail?.parsed.subject).toBe('Reset Your Password');
    expect(textOf(mail!)).toMatch(/\/auth\/v1\/verify\?token=\S+&type=recovery/);
    expect(mail!.parsed.html).toContain('/auth/v1/verify?token=');
  });
});
