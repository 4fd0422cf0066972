import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import { clipsText } from '@/lib/i18n-clips';
import { LOCALE, otherLanguage, type Language } from '@/lib/language';
import { paths } from '@/lib/paths';

/**
 * The published-work pages' header: back to the site, the site name, and the
 * same page in the other language (the list; a copy's other language is the
 * list there, since a clip has one language).
 */
export function ClipsTopBar({ language }: { language: Language }) {
  const other = otherLanguage(language);
  return (
    <header className="border-b border-stone-200 bg-paper/95">
      <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-6">
        <Link to={paths.home(language)} className="inline-flex items-center gap-2 text-sm font-medium text-accent-700 hover:text-accent-900">
          <ArrowLeft aria-hidden className="size-4" />
          {clipsText(language).back}
        </Link>
        <div className="flex items-center gap-4">
          <Link to={paths.home(language)} className="hidden font-serif text-lg text-ink sm:inline">
            {t(language).brand}
          </Link>
          <Link
            to={paths.clips(other)}
            lang={LOCALE[other]}
            hrefLang={LOCALE[other]}
            title={t(other).nav.switchTo[other]}
            className="inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-semibold tracking-wider text-stone-700 hover:bg-stone-200/70 hover:text-ink"
          >
            {other.toUpperCase()}
          </Link>
        </div>
      </div>
    </header>
  );
}
