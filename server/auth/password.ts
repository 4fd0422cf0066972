/**
 * Password rules and hashing as GoTrue applies them.
 *
 * - Strength (protocol §2.4): shorter than `minimum_password_length` →
 *   422 weak_password "Password should be at least N characters." with
 *   reasons ["length"]. `password_requirements` is "" in config.toml, so the
 *   "characters" reason never applies here; "pwned" needs HIBP, not offered.
 * - bcrypt reads only 72 bytes, so GoTrue refuses longer passwords outright
 *   (400 validation_failed) instead of silently truncating them.
 * - Hashes are bcrypt cost 10 (`$2b$10$…`), the format auth.users stores on
 *   hosted Supabase, so a dumped users table works on either side.
 */
import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './errors.ts';

export const MAX_PASSWORD_BYTES = 72;
const BCRYPT_COST = 10;

export class WeakPassword {
  constructor(
    readonly message: string,
    readonly reasons: ['length'],
  ) {}
  toError(): AuthError {
    return new AuthError(422, 'weak_password', this.message, { weakPasswordReasons: this.reasons });
  }
}

/** Returns why a password is weak, or null; throws for one bcrypt cannot hold. */
export function weakness(password: string, minimumLength: number): WeakPassword | null {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  // GoTrue counts characters (Go's utf8.RuneCountInString).
  if ([...password].length < minimumLength) {
    return new WeakPassword(`Password should be at least ${minimumLength} characters.`, ['length']);
  }
  return null;
}

/** Throws weak_password (422) or validation_failed (too long). */
export function assertStrongPassword(password: string, minimumLength: number): void {
  const weak = weakness(password, minimumLength);
  if (weak) throw weak.toError();
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** A user without a password (empty or null hash) never matches. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash);
}
