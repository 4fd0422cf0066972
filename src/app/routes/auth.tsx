import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { RedirectIfSignedIn } from '@/features/auth/components/redirect-if-signed-in';
import { useDocumentMeta } from '@/lib/document-meta';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';

/** /auth: sign-in and sign-up, Portuguese only (so <html lang> is pt-BR here whatever page came before). */
export default function AuthRoute() {
  useDocumentMeta('pt', adminText.auth.pageTitle);
  return (
    <RedirectIfSignedIn>
      <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-stone-50 p-4">
        <AuthPanel />
        <Link
          to={paths.root}
          className="inline-flex items-center gap-1 rounded text-sm text-stone-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          {adminText.auth.backToSite}
        </Link>
      </main>
    </RedirectIfSignedIn>
  );
}
