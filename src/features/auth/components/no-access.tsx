import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';
import { SignOutButton } from './sign-out-button';

/**
 * What a signed-in user without the admin role sees instead of the editor:
 * every write would be refused by the database anyway, so say so up front.
 */
export function NoAccess({ email }: { email: string }) {
  const t = adminText.guard;
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <ShieldAlert className="h-10 w-10 text-stone-700" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold text-stone-900">{t.noAccessTitle}</h1>
          <CardDescription>{t.noAccessBody}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-stone-700">{t.signedInAs(email)}</p>
        </CardContent>
        <CardFooter className="justify-center">
          <Button variant="ghost" asChild>
            <Link to={paths.root}>{adminText.auth.backToSite}</Link>
          </Button>
          <SignOutButton />
        </CardFooter>
      </Card>
    </main>
  );
}
