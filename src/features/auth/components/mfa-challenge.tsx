import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { adminText } from '@/lib/i18n-admin';
import { useFactors, verifiedFactor } from '../api/mfa';
import { MfaCodeForm } from './mfa-code-form';
import { SignOutButton } from './sign-out-button';

/**
 * "Verificação em duas etapas": what an admin with a factor sees after her
 * password, before anything else. The session becomes aal2 with the code;
 * the auth state then moves on by itself (MFA_CHALLENGE_VERIFIED).
 */
export function MfaChallenge({ userId }: { userId: string }) {
  const t = adminText.mfa;
  const factors = useFactors(userId);
  const factor = verifiedFactor(factors.data);
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <ShieldCheck className="h-10 w-10 text-stone-700" aria-hidden />
        <h1 className="font-serif text-2xl font-semibold text-stone-900">{t.challengeTitle}</h1>
        <CardDescription>{t.challengeHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {factors.isPending && <p role="status">{adminText.common.loading}</p>}
        {factors.isError && (
          <div className="grid gap-3 text-center">
            <p role="alert">{adminText.security.loadError}</p>
            <Button variant="outline" onClick={() => void factors.refetch()}>
              {adminText.guard.retry}
            </Button>
          </div>
        )}
        {factor && <MfaCodeForm userId={userId} factorId={factor.id} />}
      </CardContent>
      <CardFooter className="justify-center">
        <SignOutButton variant="ghost">{t.useOtherAccount}</SignOutButton>
      </CardFooter>
    </Card>
  );
}
