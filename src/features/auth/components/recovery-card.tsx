import type { Session } from '@supabase/supabase-js';
import { useNavigate } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';
import { needsSecondFactor, useAssurance } from '../api/mfa';
import { MfaChallenge } from './mfa-challenge';
import { NewPasswordForm } from './new-password-form';

/**
 * "Nova senha", after the recovery link signed her in. With two-factor
 * sign-in on, the link alone is not enough: her code comes first (the
 * server refuses the change from an aal1 session anyway).
 */
export function RecoveryCard({ session }: { session: Session }) {
  const t = adminText.recovery;
  const navigate = useNavigate();
  const assurance = useAssurance(session);
  // Read from the session itself, without a request: no error state worth a screen.
  if (assurance.isPending || assurance.isError) return <p role="status">{adminText.guard.checking}</p>;
  if (needsSecondFactor(assurance.data)) return <MfaChallenge userId={session.user.id} />;
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="font-serif text-2xl font-semibold text-stone-900">{t.newPasswordTitle}</h1>
        <CardDescription>{t.newPasswordHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <NewPasswordForm submitLabel={t.save} onDone={() => navigate(paths.admin, { replace: true })} />
      </CardContent>
    </Card>
  );
}
