import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';
import { useSignOut } from '../api/sign-out';

/** 'Sair': ends this device's session, says so (spec §8), and leaves the admin for the sign-in page. */
export function SignOutButton({ children, ...props }: Omit<ButtonProps, 'onClick'>) {
  const navigate = useNavigate();
  const signOut = useSignOut({
    onSuccess: () => {
      toast({ title: adminText.toast.logout, description: adminText.toast.logoutDescription });
      navigate(paths.auth, { replace: true });
    },
    onError: () => toast({ title: adminText.common.unexpectedError, variant: 'destructive' }),
  });
  return (
    <Button variant="outline" {...props} disabled={signOut.isPending} onClick={() => signOut.mutate('local')}>
      <LogOut aria-hidden />
      {children ?? adminText.admin.signOut}
    </Button>
  );
}
