import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useDocumentMeta } from '@/lib/document-meta';
import { notFoundPage } from '@/lib/i18n';
import { paths } from '@/lib/paths';

/** Spec §2: any other path. English, as the spec gives it; the attempted path goes to the console. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  useDocumentMeta('en', notFoundPage.heading);
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-paper px-6 text-center">
      <p className="font-serif text-8xl text-accent-700" aria-hidden>
        {notFoundPage.code}
      </p>
      <h1 className="font-serif text-3xl text-ink sm:text-4xl">{notFoundPage.heading}</h1>
      <Link
        to={paths.root}
        className="rounded-md bg-ink px-5 py-3 text-sm font-semibold text-white hover:bg-stone-700"
      >
        {notFoundPage.home}
      </Link>
    </main>
  );
}
