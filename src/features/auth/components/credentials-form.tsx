import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { validateCredentials, type CredentialErrors, type Credentials } from '../lib/validate-credentials';
import { CredentialField } from './credential-field';

interface CredentialsFormProps {
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** 'new-password' also applies the sign-up minimum length. */
  passwordAutoComplete: 'current-password' | 'new-password';
  minPasswordLength?: number;
  onSubmit: (values: Credentials) => void;
}

/**
 * Email + password form shared by login and sign-up. Validation is ours
 * (noValidate) so the messages are Portuguese and identical in every browser;
 * the inputs keep type="email"/required for the right keyboard and semantics.
 */
export function CredentialsForm({ submitLabel, busyLabel, busy, passwordAutoComplete, minPasswordLength, onSubmit }: CredentialsFormProps) {
  const t = adminText.auth;
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [submitted, setSubmitted] = useState(false);

  function change(field: keyof Credentials, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, errors follow the typing so they clear as soon as fixed.
    if (submitted) setErrors(validateCredentials(next, minPasswordLength));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateCredentials(values, minPasswordLength);
    setErrors(found);
    const firstInvalid = found.email ? 'email' : found.password ? 'password' : null;
    if (firstInvalid) {
      // Move to the first field to fix, so keyboard and screen-reader users land on it.
      (event.currentTarget.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    onSubmit({ email: values.email.trim(), password: values.password });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <CredentialField
        label={t.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={(e) => change('email', e.target.value)}
        error={errors.email}
      />
      <CredentialField
        label={t.password}
        name="password"
        type="password"
        autoComplete={passwordAutoComplete}
        required
        minLength={minPasswordLength}
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        error={errors.password}
      />
      <Button type="submit" disabled={busy} className="w-full">
        {busy && <Loader2 className="animate-spin" aria-hidden />}
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
