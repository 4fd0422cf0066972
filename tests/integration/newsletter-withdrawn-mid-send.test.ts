/**
 * A post she withdraws while its mails go out stops going out at once, and
 * the send resumes, each reader once, when it is public again (issue 25,
 * decision 210). Found by the security review: the worker kept a post's
 * rendered mail for 5 s and sent it without asking again whether the post
 * was still public, so every mail of those 5 s still left.
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

describe.each(targets)('a post withdrawn while it is being sent, on $name', (target) => {
  const backend = useBackend(target, {
    get mail() {
      return { smtpUrl: sink.current!.url, from: 'Site <noreply@site.example>', ratePerMinute: 100_000, idleMs: 100 };
    },
  } as never);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await backend.createAdmin();
  });

  it('reaches no one after she withdraws it', async () => {
    const tag = randomUUID().slice(0, 8);
    await backend.sql(
      `insert into public.newsletter_subscribers (email, languages, status, confirmed_at)
       select 'reader-' || $1 || '-' || i || '@example.com', '{pt}', 'confirmed', now() from generate_series(1, 20) i`,
      [tag],
    );
    const title = `Publicado por engano ${tag}`;
    const post: { id?: string; withdrawing: boolean } = { withdrawing: true };
    // She withdraws the post as the first reader's copy arrives (before that mail is accepted).
    sink.current!.onMessage(async (mail) => {
      if (post.withdrawing && mail.parsed.subject === title && post.id) await backend.sql(`update public.blog_posts set published = false where id = $1 and published`, [post.id]);
    });

    const r = await admin.client
      .from('blog_posts')
      .insert({ title, excerpt: 'Resumo', content: 'Texto.', category: 'Outros', language: 'pt', published: true, newsletter: false })
      .select('id')
      .single();
    expect(r.error).toBeNull();
    post.id = r.data!.id;
    expect((await admin.client.from('blog_posts').update({ newsletter: true }).eq('id', post.id)).error).toBeNull();
    await backend.drainMail();
    await backend.drainMail();

    const copies = () => sink.current!.received.filter((m) => m.parsed.subject === title);
    expect(copies().length).toBe(1);
    const [waiting] = await backend.sql<{ n: number }>(
      `select count(*)::int as n from private.mail_queue where post_id = $1 and state = 'queued' and last_error like 'waiting:%'`,
      [post.id],
    );
    expect(waiting!.n).toBe(19);

    // Public again: the rest go, each reader once, the first one not again.
    post.withdrawing = false;
    await backend.sql(`update public.blog_posts set published = true where id = $1`, [post.id]);
    await backend.sql(`update private.mail_queue set next_attempt_at = now() where post_id = $1 and state = 'queued'`, [post.id]);
    await backend.drainMail();
    const readers = copies().flatMap((m) => m.envelope.to);
    expect(readers).toHaveLength(20);
    expect(new Set(readers).size).toBe(20);
  });
});
