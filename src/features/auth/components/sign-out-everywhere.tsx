import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';
import { useSignOut } from '../api/sign-out';

/** "Sair de todos os dispositivos": every session of hers ends (scope global), this one included. */
export function SignOutEverywhere() {
  const t = adminText.security;
  const navigate = useNavigate();
  const signOut = useSignOut({
    onSuccess: () => {
      toast({ title: t.signedOutEverywhere, description: t.signedOutEverywhereDescription });
      navigate(paths.auth, { replace: true });
    },
    onError: () => toast({ title: adminText.common.unexpectedError, variant: 'destructive' }),
  });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="justify-self-start" disabled={signOut.isPending}>
          <LogOut aria-hidden />
          {t.signOutEverywhere}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t.signOutEverywhereConfirm}</AlertDialogTitle>
        <AlertDialogDescription>{t.signOutEverywhereBody}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{adminText.common.cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={() => signOut.mutate('global')}>{t.signOutEverywhere}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
