/*
 * bcrypt, run by the password pool (password.ts) in worker threads: a hash or
 * a comparison costs ~80 ms of CPU, which on the main thread would stall every
 * other request. Plain JavaScript so it loads the same under tsx and vitest.
 */
import bcrypt from 'bcryptjs';

export function hash({ password, cost }) {
  return bcrypt.hashSync(password, cost);
}

export function verify({ password, hash }) {
  return bcrypt.compareSync(password, hash);
}
