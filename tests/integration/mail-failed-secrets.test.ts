/**
 * Found by the security review of issue 25 (fixed): a delivered confirmation or sign-in link leaves the
 * database (server/mail/queue.ts forgetSecrets), but one the SMTP server
 * refuses for good stays in private.mail_queue's payload for ever: the
 * newsletter's confirmation token (which confirms the address for 7 days)
 * and a password-recovery mail's whole text with its link. Nothing will send
 * them again; whoever reads the database or a backup of it later gets them.
 */
import { randomUUID } from 'node:crypto';
import { startSmtpSink, type SmtpSink } from '../../server/mail/testing/smtp-sink.ts';
import { targets, useBackend } from './harness.ts';

const sink: { current?: SmtpSink } = {};
const refused = new Set<string>();
beforeAll(async () => {
  sink.current = await startSmtpSink();
  sink.current.refuse((to) => (refused.has(to) ? { code: 550, message: '5.1.1 No such user' } : undefined));
});
afterAll(async () => {
  await sink.current?.close();
});

describe.each(targets)('mails refused for good, on $name', (target) => {
  const backend = useBackend(target, {
    get mail() {
      return { smtpUrl: sink.current!.url, from: 'Site <noreply@site.example>', ratePerMinute: 100_000, idleMs: 100 };
    },
  } as never);

  const rowsTo = (email: string) =>
    backend.sql<{ kind: string; state: string; secret: boolean }>(
      `select kind, state, payload <> '{}'::jsonb as secret from private.mail_queue where recipient = $1 order by id`,
      [email],
    );

  it('keep no confirmation token in the queue', async () => {
    const email = `gone-${randomUUID().slice(0, 8)}@example.com`;
    refused.add(email);
    const r = await backend.anon().rpc('newsletter_subscribe', { email, languages: ['pt'], page_language: 'pt', trap: '' });
    expect(r.error).toBeNull();
    await backend.drainMail();
    expect(await rowsTo(email)).toEqual([{ kind: 'newsletter_confirm', state: 'failed', secret: false }]);
  });

  it('keep no password-recovery link in the queue', async () => {
    const user = await backend.createUser('refused');
    refused.add(user.email);
    expect((await backend.anon().auth.resetPasswordForEmail(user.email)).error).toBeNull();
    await backend.drainMail();
    expect(await rowsTo(user.email)).toEqual([{ kind: 'auth', state: 'failed', secret: false }]);
  });
});
