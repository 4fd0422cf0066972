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
 * - bcrypt runs in worker threads (piscina, password-worker.mjs), never on
 *   the event loop: a burst of sign-ins must not stall the site (issue 10).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
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

/**
 * A bcrypt hash (cost 10) of a random string nobody knows: checking a
 * password against it costs what a real check costs, so an unknown address
 * answers as slowly as a known one and timing tells nothing.
 */
const DUMMY_HASH = '$2b$10$aU2d9SSaYLx1NfaMwqVcXOSz7nOT.f/Wx.BsTV4mcSDTVOfjqtl1W';

/** Waiting checks beyond this answer 503 at once rather than queue without bound. */
const MAX_QUEUE = 256;

let pool: Piscina | undefined;

function passwordPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./password-worker.mjs', import.meta.url).href,
    // One core stays for the event loop (and the database, on PGlite).
    maxThreads: Math.max(1, availableParallelism() - 1),
    minThreads: 0,
    idleTimeout: 30_000,
    maxQueue: MAX_QUEUE,
  });
  return pool;
}

async function inPool<T>(name: 'hash' | 'verify', task: Record<string, unknown>): Promise<T> {
  try {
    return (await passwordPool().run(task, { name })) as T;
  } catch (e) {
    if (e instanceof Error && /queue is full/i.test(e.message)) {
      throw new AuthError(503, 'over_request_rate_limit', 'Too many sign-ins at once; try again in a moment.');
    }
    throw e;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inPool('hash', { password, cost: BCRYPT_COST });
}

/**
 * Whether `password` matches `hash`. A user without a password, or no user
 * at all (`hash` null), is checked against a dummy hash and never matches:
 * the answer takes the same time either way.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const matches = await inPool<boolean>('verify', { password, hash: hash || DUMMY_HASH });
  return matches && Boolean(hash);
}

/** Ends the worker threads (server close, CLI exit). */
export async function closePasswordPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
