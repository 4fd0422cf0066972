import { isAuthApiError } from '@supabase/supabase-js';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { useChangePassword } from '../api/change-password';
import { authErrorMessage } from '../lib/auth-error-message';
import { validateNewPassword } from '../lib/validate-credentials';
import { CredentialField } from './credential-field';

interface NewPasswordFormProps {
  submitLabel: string;
  onDone: () => void;
}

/**
 * A new password typed twice, then saved and her other sessions ended. Used
 * after a recovery link and in "Segurança". A refused password keeps what
 * she typed.
 */
export function NewPasswordForm({ submitLabel, onDone }: NewPasswordFormProps) {
  const t = adminText.recovery;
  const [values, setValues] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const change = useChangePassword({
    onSuccess: ({ othersEnded }) => {
      setValues({ password: '', confirmation: '' });
      toast({ title: t.saved, description: othersEnded ? t.savedDescription : t.savedOthersKept });
      onDone();
    },
    onError: (error) =>
      toast({
        title: t.saveError,
        description: isAuthApiError(error) && error.code === 'same_password' ? t.samePassword : authErrorMessage(error),
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateNewPassword(values.password, values.confirmation);
    setErrors(found);
    const firstInvalid = found.password ? 'password' : found.confirmation ? 'confirmation' : null;
    if (firstInvalid) {
      (event.currentTarget.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
      return;
    }
    change.mutate(values.password);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <CredentialField
        label={t.newPassword}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
        error={errors.password}
      />
      <CredentialField
        label={t.confirmPassword}
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmation}
        onChange={(e) => setValues({ ...values, confirmation: e.target.value })}
        error={errors.confirmation}
      />
      <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {change.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {change.isPending ? t.saving : submitLabel}
      </Button>
    </form>
  );
}
