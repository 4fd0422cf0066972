/**
 * Found by the security review of issue 25 (fixed): a confirmation link is valid 7 days from its mail
 * (newsletter_confirm: its row of private.newsletter_confirm_links), and the mail says so ("o endereço é
 * esquecido em 7 dias"). But an unconfirmed address is forgotten 7 days after
 * its first request (newsletter_forget_unconfirmed: created_at): a reader who
 * asks again on the 6th day gets a link that dies within the day.
 */
import { randomUUID } from 'node:crypto';
import { targets, useBackend } from './harness.ts';

describe.each(targets)('a pending address asked again, on $name', (target) => {
  const backend = useBackend(target);

  it('keeps the newest link working for its 7 days', async () => {
    const email = `again-${randomUUID().slice(0, 8)}@example.com`;
    const token = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
    // First asked 8 days ago, asked again an hour ago: the row as newsletter_subscribe leaves it.
    await backend.sql(
      `with added as (
         insert into public.newsletter_subscribers (email, languages, requested_languages, created_at, confirm_sent_at)
         values ($1, '{pt}', '{pt}', now() - interval '8 days', now() - interval '1 hour') returning id)
       insert into private.newsletter_confirm_links (token_hash, subscriber_id, sent_at)
       select sha256(convert_to($2, 'UTF8')), id, now() - interval '1 hour' from added`,
      [email, token],
    );
    // What the mail worker runs once a minute.
    await backend.sql(`select private.newsletter_forget_unconfirmed()`);
    expect((await backend.anon().rpc('newsletter_confirm', { token })).data).toEqual([{ outcome: 'confirmed', languages: ['pt'] }]);
  });
});
