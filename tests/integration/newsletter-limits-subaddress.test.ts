/**
 * Found by the security review of issue 25 (fixed): the limit of 3 confirmation mails an hour per address
 * is what keeps the form from being used to flood someone's mailbox. It counts
 * the address as typed, but `name+anything@domain` reaches the mailbox of
 * `name@domain` at Gmail, Outlook, iCloud, Fastmail, Proton and most others:
 * with a new tag each time, one mailbox receives as many confirmation mails
 * as the per-client and site-wide limits let through, not 3.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend } from './harness.ts';

describe.each(targets)('the per-address limit of newsletter_subscribe on $name', (target) => {
  const backend = useBackend(target);

  const subscribe = (email: string) => backend.anon().rpc('newsletter_subscribe', { email, languages: ['pt'], page_language: 'pt', trap: '' });

  it('counts name+tag@domain as the mailbox it reaches', async () => {
    const name = `victim${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) expect((await subscribe(`${name}+${i}@example.com`)).error).toBeNull();

    const fourth = await subscribe(`${name}+again@example.com`);
    expect(fourth.error?.message).toBe('newsletter_address_limit');
    const plain = await subscribe(`${name}@example.com`);
    expect(plain.error?.message).toBe('newsletter_address_limit');

    const [{ mails }] = (await backend.sql<{ mails: number }>(
      `select count(*)::int as mails from private.mail_queue where kind = 'newsletter_confirm' and recipient like $1`,
      [`${name}%@example.com`],
    )) as [{ mails: number }];
    expect(mails).toBe(3);
  });
});
