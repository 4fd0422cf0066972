/**
 * The one-time links the auth mails carry (sign-up confirmation, password
 * recovery): a random token in the link, only its SHA-256 in auth.users, so
 * reading the table does not give anyone a working link. The link points at
 * GET /auth/v1/verify (protocol §2.1).
 */
import { createHash, randomBytes } from 'node:crypto';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(28).toString('hex');
  return { token, hash: hashToken(token) };
}

export function verifyUrl(apiOrigin: string, token: string, type: 'signup' | 'recovery', redirectTo: string): string {
  const link = new URL('/auth/v1/verify', apiOrigin);
  link.searchParams.set('token', token);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  return link.href;
}
