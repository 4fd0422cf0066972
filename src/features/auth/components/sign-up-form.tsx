import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { useSignUp } from '../api/sign-up';
import { authErrorMessage } from '../lib/auth-error-message';
import { MIN_PASSWORD_LENGTH } from '../lib/validate-credentials';
import { CredentialsForm } from './credentials-form';

/**
 * Sign-up tab. With email confirmation on, the user confirms by email; with
 * auto-confirm the client is signed in at once and the auth page moves on to
 * /admin (where the role check decides what they see).
 */
export function SignUpForm() {
  const t = adminText.auth;
  const signUp = useSignUp({
    onSuccess: () => toast({ title: adminText.toast.signUpSuccess, description: adminText.toast.signUpSuccessDescription }),
    onError: (error) =>
      toast({ title: adminText.toast.signUpError, description: authErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <CredentialsForm
      submitLabel={t.signUp}
      busyLabel={t.signingUp}
      busy={signUp.isPending}
      passwordAutoComplete="new-password"
      minPasswordLength={MIN_PASSWORD_LENGTH}
      onSubmit={(values) => signUp.mutate(values)}
    />
  );
}
