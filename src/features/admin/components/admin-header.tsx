import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';

interface AdminHeaderProps {
  email: string;
  /** The sign-out control, supplied by the route (it belongs to the auth feature). */
  signOut: ReactNode;
}

/** 'Administração do Blog', the greeting, 'Ver Site' (new tab) and 'Sair'. */
export function AdminHeader({ email, signOut }: AdminHeaderProps) {
  const t = adminText.admin;
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-5">
        <div>
          <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{t.title}</h1>
          <p className="text-sm text-stone-600">{t.greeting(email)}</p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" asChild>
            <a href={paths.root} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              {t.viewSite}
              <span className="sr-only"> {t.newTabHint}</span>
            </a>
          </Button>
          {signOut}
        </div>
      </div>
    </header>
  );
}
