/**
 * Password recovery mails (POST /recover, protocol §2.1): a one-time link
 * (server/auth/mail-links.ts) to GET /auth/v1/verify?type=recovery, its hash
 * in recovery_token; a new mail replaces the previous link.
 *
 * With PKCE (the client sent a code_challenge) the link's token starts with
 * `pkce_`, as GoTrue's does: the verify step then redirects with `?code=`
 * instead of a session in the fragment (server/auth/pkce.ts).
 */
import type { Queryable } from '../db/database.ts';
import { hashToken, newLinkToken, verifyUrl } from './mail-links.ts';
import type { Mailer } from './mailer.ts';
import type { UserRow } from './users.ts';

export const PKCE_PREFIX = 'pkce_';

export async function sendRecovery(
  tx: Queryable,
  mailer: Mailer,
  user: UserRow,
  link: { apiOrigin: string; redirectTo: string; pkce: boolean },
): Promise<void> {
  const { token, hash } = newLinkToken();
  await tx.query(`update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`, [
    user.id,
    hash,
  ]);
  const url = verifyUrl(link.apiOrigin, (link.pkce ? PKCE_PREFIX : '') + token, 'recovery', link.redirectTo);
  await mailer.send(tx, {
    to: user.email ?? '',
    subject: 'Reset Your Password',
    text: `Reset password\n\nFollow this link to reset the password for your user:\n\n${url}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
  });
}

/**
 * The user a recovery link belongs to, if it is still valid; the token is
 * cleared in the same transaction, so a link works once.
 */
export async function consumeRecoveryToken(
  tx: Queryable,
  token: string,
  expirySeconds: number,
): Promise<{ id: string } | undefined> {
  if (!token) return undefined;
  const r = await tx.query<{ id: string }>(
    `update auth.users set recovery_token = '', updated_at = now(),
            email_confirmed_at = coalesce(email_confirmed_at, now())
      where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2)
      returning id`,
    [hashToken(token), expirySeconds],
  );
  return r.rows[0];
}
