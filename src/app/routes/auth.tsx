import { AuthPanel } from '@/features/auth/components/auth-panel';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';

export default function AuthRoute() {
  return (
    <RedirectIfSignedIn>
      <main className="flex min-h-screen items-center justify-center bg-stone-50 p-4">
        <AuthPanel />
      </main>
    </RedirectIfSignedIn>
  );
}
