/**
 * A correction (issue 26) is not a new post: the newsletter, which mailed the
 * post when it was published, does not mail it again when a correction is
 * added or the text is silently fixed, on PGlite and PostgreSQL, with the
 * mail really leaving by SMTP (server/mail/testing/smtp-sink.ts).
 */
import { randomUUID } from 'node:crypto';
import { startSmtpSink, type SmtpSink } from '../../server/mail/testing/smtp-sink.ts';
import { targets, useBackend, type TestUser } from './harness.ts';

const sink: { current?: SmtpSink } = {};
beforeAll(async () => {
  sink.current = await startSmtpSink();
});
afterAll(async () => {
  await sink.current?.close();
});

describe.each(targets)('the newsletter and corrections on $name', (target) => {
  const backend = useBackend(target, {
    get mail() {
      return { smtpUrl: sink.current!.url, from: 'Helena Duarte <noreply@helena.example>', ratePerMinute: 100_000, idleMs: 100 };
    },
  } as never);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  const drain = async () => {
    await backend.drainMail();
    await backend.drainMail();
  };

  it('mails a post once: a correction and a silent fix later send nothing', async () => {
    const email = `leitora-${randomUUID().slice(0, 8)}@example.com`;
    expect((await backend.anon().rpc('newsletter_subscribe', { email, languages: ['pt'], page_language: 'pt', trap: '' })).error).toBeNull();
    await drain();
    const confirmation = sink.current!.received.find((m) => m.envelope.to.includes(email))!;
    const token = /\/newsletter\/confirm\?token=([0-9a-f]{64})/.exec(confirmation.parsed.text ?? '')![1]!;
    expect((await backend.anon().rpc('newsletter_confirm', { token })).error).toBeNull();

    const title = `Resultado do trimestre ${randomUUID().slice(0, 4)}`;
    const { data: post, error } = await admin.client
      .from('blog_posts')
      .insert({ title, excerpt: 'Resumo.', content: 'Texto.', category: 'Outros', language: 'pt', published: true, newsletter: true })
      .select('id')
      .single();
    expect(error).toBeNull();
    await drain();
    const received = () => sink.current!.received.filter((m) => m.envelope.to.includes(email) && m.parsed.subject === title);
    expect(received()).toHaveLength(1);

    expect((await admin.client.from('blog_post_corrections').insert({ post_id: post!.id, note: 'O valor certo é R$ 2 milhões.' })).error).toBeNull();
    await drain();
    expect((await admin.client.from('blog_posts').update({ content: 'Texto, sem erro de digitação.' }).eq('id', post!.id)).error).toBeNull();
    await drain();
    expect((await backend.service.from('blog_posts').select('revised_at').eq('id', post!.id).single()).data!.revised_at).not.toBeNull();
    expect(received()).toHaveLength(1);
    const queued = await backend.sql<{ n: number }>(`select count(*)::int as n from private.mail_queue where kind = 'newsletter_post' and post_id = $1`, [post!.id]);
    expect(queued[0]!.n).toBe(1);
  });
});
