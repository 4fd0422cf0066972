import { Loader2, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { removeFactor, startEnrollment, useFactorMutation, useFactors, verifiedFactor, type Enrollment } from '../api/mfa';
import { MfaCodeForm } from './mfa-code-form';

/**
 * "Verificação em duas etapas" in "Segurança": turn it on (QR code, the
 * secret for manual entry, a first code to confirm) or off (with a code:
 * removing a verified factor needs an aal2 session, which a code gives).
 */
export function TwoFactorSection({ userId }: { userId: string }) {
  const t = adminText.security;
  const factors = useFactors(userId);
  const [enrollment, setEnrollment] = useState<Enrollment>();
  const [disabling, setDisabling] = useState(false);
  const enroll = useFactorMutation(userId, startEnrollment, {
    onSuccess: setEnrollment,
    onError: () => toast({ title: adminText.common.unexpectedError, variant: 'destructive' }),
  });
  const remove = useFactorMutation(userId, removeFactor, {
    onSuccess: () => {
      setEnrollment(undefined);
      setDisabling(false);
    },
    onError: () => toast({ title: adminText.common.unexpectedError, variant: 'destructive' }),
  });

  if (factors.isPending) return <p role="status">{adminText.common.loading}</p>;
  if (factors.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert">{t.loadError}</p>
        <Button variant="outline" onClick={() => void factors.refetch()}>
          {adminText.guard.retry}
        </Button>
      </div>
    );
  }

  const active = verifiedFactor(factors.data);
  if (active) {
    return (
      <div className="grid gap-4">
        <p className="flex items-center gap-2 text-stone-800">
          <ShieldCheck aria-hidden className="h-5 w-5 text-green-700" />
          {t.mfaOn}
        </p>
        {disabling ? (
          <div className="grid gap-2">
            <p className="text-sm text-stone-700">{t.disableHint}</p>
            <MfaCodeForm
              userId={userId}
              factorId={active.id}
              submitLabel={t.disable}
              onVerified={() => remove.mutate(active.id, { onSuccess: () => toast({ title: t.disabled }) })}
            >
              <Button type="button" variant="ghost" onClick={() => setDisabling(false)}>
                {t.cancel}
              </Button>
            </MfaCodeForm>
          </div>
        ) : (
          <Button variant="outline" className="justify-self-start" onClick={() => setDisabling(true)}>
            <ShieldOff aria-hidden />
            {t.disable}
          </Button>
        )}
      </div>
    );
  }

  if (enrollment) {
    return (
      <div className="grid gap-4">
        <p className="text-sm text-stone-700">{t.enrollSteps}</p>
        <img src={enrollment.qrCode} alt={t.qrAlt} width={200} height={200} className="rounded-md border border-stone-200 bg-white p-2" />
        <div className="grid gap-1">
          <p className="text-sm text-stone-700">{t.manualEntry}</p>
          <code className="break-all rounded bg-stone-100 px-2 py-1 font-mono text-sm text-stone-900">{enrollment.secret}</code>
        </div>
        <MfaCodeForm
          userId={userId}
          factorId={enrollment.factorId}
          submitLabel={t.confirm}
          onVerified={() => {
            setEnrollment(undefined);
            toast({ title: t.enabled, description: t.enabledDescription });
          }}
        >
          <Button type="button" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(enrollment.factorId)}>
            {t.cancel}
          </Button>
        </MfaCodeForm>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-stone-800">{t.mfaOff}</p>
      <Button className="justify-self-start" disabled={enroll.isPending} onClick={() => enroll.mutate(t.factorName)}>
        {enroll.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ShieldCheck aria-hidden />}
        {t.enable}
      </Button>
    </div>
  );
}
