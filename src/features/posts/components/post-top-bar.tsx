import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';

/**
 * The post page header: the back link to the blog section of the post's
 * language, and the site name. `showBack` is off when the page body already
 * offers the back link (not found), so there is exactly one.
 */
export function PostTopBar({ language, showBack }: { language: Language; showBack: boolean }) {
  const texts = t(language);
  return (
    <header className="border-b border-stone-200 bg-paper/95">
      <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-6">
        {showBack ? (
          <Link
            to={paths.blogSection(language)}
            className="inline-flex items-center gap-2 text-sm font-medium text-accent-700 hover:text-accent-900"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {texts.post.back}
          </Link>
        ) : (
          <span />
        )}
        <Link to={paths.home(language)} className="font-serif text-lg text-ink">
          {texts.brand}
        </Link>
      </div>
    </header>
  );
}
