import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { SearchBox } from '@/components/search-box';

/**
 * The post page header: the back link to the blog section of the post's
 * language, and the site name. `showBack` is off when the page body already
 * offers the back link (not found), so there is exactly one. The search box
 * (issue 44) is left out on the search page, which has its own.
 */
export function PostTopBar({ language, showBack, search = true }: { language: Language; showBack: boolean; search?: boolean }) {
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
        <div className="flex items-center gap-4">
          {search && <SearchBox language={language} />}
          <Link to={paths.home(language)} className="font-serif text-lg text-ink">
            {texts.brand}
          </Link>
        </div>
      </div>
    </header>
  );
}
