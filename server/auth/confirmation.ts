/**
 * Sign-up confirmation mails (config.toml [auth.email] enable_confirmations).
 *
 * The link carries a random token; auth.users.confirmation_token keeps only
 * its SHA-256, so reading the table does not give anyone a working link.
 * The link points at GET /auth/v1/verify (protocol §2.1).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { Mailer } from './mailer.ts';
import type { UserRow } from './users.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function sendConfirmation(
  tx: Queryable,
  mailer: Mailer,
  user: UserRow,
  apiOrigin: string,
  redirectTo: string,
): Promise<void> {
  const token = randomBytes(28).toString('hex');
  await tx.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hashToken(token)],
  );
  const link = new URL('/auth/v1/verify', apiOrigin);
  link.searchParams.set('token', token);
  link.searchParams.set('type', 'signup');
  link.searchParams.set('redirect_to', redirectTo);
  await mailer.send({
    to: user.email ?? '',
    subject: 'Confirm Your Signup',
    text: `Confirm your signup\n\nFollow this link to confirm your user:\n\n${link.href}\n`,
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
