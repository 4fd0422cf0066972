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

/** The email rule alone (the recovery form asks for nothing else). */
export function validateEmail(value: string): string | undefined {
  const email = value.trim();
  if (!email) return adminText.validation.emailRequired;
  if (!EMAIL.test(email)) return adminText.validation.emailInvalid;
  return undefined;
}

/** A new password: the sign-up rule, typed twice alike. */
export function validateNewPassword(password: string, confirmation: string, minLength = MIN_PASSWORD_LENGTH) {
  const t = adminText.validation;
  const errors: { password?: string; confirmation?: string } = {};
  if (!password) errors.password = t.passwordRequired;
  else if (password.length < minLength) errors.password = t.passwordTooShort;
  else if (confirmation !== password) errors.confirmation = adminText.recovery.mismatch;
  return errors;
}

/** Spec §5: email required and of email type, password required, sign-up minimum 6. */
export function validateCredentials(values: Credentials, minPasswordLength = 0): CredentialErrors {
  const t = adminText.validation;
  const errors: CredentialErrors = {};
  const emailError = validateEmail(values.email);
  if (emailError) errors.email = emailError;
  if (!values.password) errors.password = t.passwordRequired;
  else if (values.password.length < minPasswordLength) errors.password = t.passwordTooShort;
  return errors;
}
