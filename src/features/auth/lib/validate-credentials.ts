import { adminText } from '@/lib/i18n-admin';

export interface Credentials {
  email: string;
  password: string;
}
export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

/** Minimum sign-up password length (spec §5, §9); the server enforces the same. */
export const MIN_PASSWORD_LENGTH = 6;

// The WHATWG "valid email address" rule, i.e. what <input type="email"> accepts.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Spec §5: email required and of email type, password required, sign-up minimum 6. */
export function validateCredentials(values: Credentials, minPasswordLength = 0): CredentialErrors {
  const t = adminText.validation;
  const errors: CredentialErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = t.emailRequired;
  else if (!EMAIL.test(email)) errors.email = t.emailInvalid;
  if (!values.password) errors.password = t.passwordRequired;
  else if (values.password.length < minPasswordLength) errors.password = t.passwordTooShort;
  return errors;
}
