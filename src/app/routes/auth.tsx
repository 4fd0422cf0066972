import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';
import { useDocumentMeta } from '@/lib/document-meta';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';

function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-stone-50 p-4">
      {children}
      <Link
        to={paths.root}
        className="inline-flex items-center gap-1 rounded text-sm text-stone-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        {adminText.auth.backToSite}
      </Link>
    </main>
  );
}

/** /auth: sign-in, sign-up and password recovery, Portuguese only (so <html lang> is pt-BR here whatever page came before). */
export default function AuthRoute() {
  useDocumentMeta('pt', adminText.auth.pageTitle);
  return (
    <RedirectIfSignedIn frame={(content) => <AuthFrame>{content}</AuthFrame>}>
      {(linkRefused) => (
        <AuthFrame>
          <AuthPanel linkRefused={linkRefused} />
        </AuthFrame>
      )}
    </RedirectIfSignedIn>
  );
}
