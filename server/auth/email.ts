/** GoTrue's validateEmail: length, then the same address pattern, then lower case. */
import { validationFailed } from './errors.ts';

const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function validateEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL.test(trimmed)) throw validationFailed('Unable to validate email address: invalid format');
  return trimmed.toLowerCase();
}
