import { isAuthApiError } from '@supabase/supabase-js';
import { Loader2, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { validateEmail } from '../lib/validate-credentials';
import { CredentialField } from './credential-field';

interface ForgotPasswordFormProps {
  onBack: () => void;
  /** Shown above the form: the link she followed was refused. */
  notice?: string;
}

/**
 * "Esqueceu a senha?": her email, then the same answer whether or not an
 * account has it (the server does not say, so neither do we).
 */
export function ForgotPasswordForm({ onBack, notice }: ForgotPasswordFormProps) {
  const t = adminText.recovery;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset({
    onSuccess: () => setSent(true),
    onError: (e) =>
      setError(isAuthApiError(e) && e.status === 429 ? t.tooManyRequests : adminText.common.unexpectedError),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateEmail(email);
    setError(invalid);
    if (invalid) {
      (event.currentTarget.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      return;
    }
    request.mutate(email.trim());
  }

  if (sent) {
    return (
      <div className="grid gap-4 text-center">
        <MailCheck aria-hidden className="mx-auto h-10 w-10 text-stone-700" />
        <p role="status" className="font-medium text-stone-900">
          {t.sent}
        </p>
        <p className="text-sm text-stone-700">{t.sentHint}</p>
        <Button variant="outline" onClick={onBack}>
          {t.backToLogin}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="forgot-title">
      <div className="grid gap-1">
        <h2 id="forgot-title" className="text-lg font-semibold text-stone-900">
          {t.forgotTitle}
        </h2>
        {notice && (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {notice}
          </p>
        )}
        <p className="text-sm text-stone-700">{t.forgotHint}</p>
      </div>
      <CredentialField
        label={adminText.auth.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {request.isPending ? t.sending : t.send}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        {t.backToLogin}
      </Button>
    </form>
  );
}
