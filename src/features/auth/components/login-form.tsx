import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';
import { useSignIn } from '../api/sign-in';
import { authErrorMessage } from '../lib/auth-error-message';
import { CredentialsForm } from './credentials-form';

/** Login tab: on success to /admin; on failure a toast, and the form keeps what was typed. */
export function LoginForm() {
  const t = adminText.auth;
  const navigate = useNavigate();
  const signIn = useSignIn({
    onSuccess: () => navigate(paths.admin, { replace: true }),
    onError: (error) =>
      toast({ title: adminText.toast.loginError, description: authErrorMessage(error), variant: 'destructive' }),
  });
  return (
    <CredentialsForm
      submitLabel={t.signIn}
      busyLabel={t.signingIn}
      busy={signIn.isPending}
      passwordAutoComplete="current-password"
      onSubmit={(values) => signIn.mutate(values)}
    />
  );
}
