/**
 * Sign-up confirmation mails (config.toml [auth.email] enable_confirmations),
 * with a one-time link (server/auth/mail-links.ts) in confirmation_token.
 */
import type { Queryable } from '../db/database.ts';
import { hashToken, newLinkToken, verifyUrl } from './mail-links.ts';
import type { Mailer } from './mailer.ts';
import type { UserRow } from './users.ts';

export async function sendConfirmation(
  tx: Queryable,
  mailer: Mailer,
  user: UserRow,
  apiOrigin: string,
  redirectTo: string,
): Promise<void> {
  const { token, hash } = newLinkToken();
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  );
  await mailer.send(tx, {
    to: user.email ?? '',
    subject: 'Confirm Your Signup',
    text: `Confirm your signup\n\nFollow this link to confirm your user:\n\n${verifyUrl(apiOrigin, token, 'signup', redirectTo)}\n`,
  });
}

/** The unconfirmed user a link belongs to, if it is still valid. */
export async function findByConfirmationToken(
  tx: Queryable,
  token: string,
  expirySeconds: number,
): Promise<{ id: string } | undefined> {
  if (!token) return undefined;
  const r = await tx.query<{ id: string }>(
    `select id from auth.users
      where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2)
      for update`,
    [hashToken(token), expirySeconds],
  );
  return r.rows[0];
}
