import { Loader2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { useFactorMutation, verifyCode } from '../api/mfa';
import { mfaErrorMessage } from '../lib/mfa-error-message';
import { CredentialField } from './credential-field';

interface MfaCodeFormProps {
  userId: string;
  factorId: string;
  submitLabel?: string;
  busyLabel?: string;
  /** After the code was accepted (the session is aal2 by then). */
  onVerified?: () => void;
  children?: ReactNode;
}

/**
 * Six digits from her authenticator app, checked by the server; a wrong or
 * expired code is said on screen and changes nothing.
 */
export function MfaCodeForm({ userId, factorId, submitLabel, busyLabel, onVerified, children }: MfaCodeFormProps) {
  const t = adminText.mfa;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useFactorMutation(userId, verifyCode, {
    onSuccess: () => {
      setCode('');
      onVerified?.();
    },
    onError: (e) => setError(mfaErrorMessage(e)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t.codeRequired);
      (event.currentTarget.elements.namedItem('code') as HTMLInputElement | null)?.focus();
      return;
    }
    setError(undefined);
    verify.mutate({ factorId, code: digits });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <CredentialField
        label={t.code}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={7}
        required
        className="font-mono text-lg tracking-[0.3em]"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {verify.isPending ? (busyLabel ?? t.verifying) : (submitLabel ?? t.verify)}
        </Button>
        {children}
      </div>
    </form>
  );
}
