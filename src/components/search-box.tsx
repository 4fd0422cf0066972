import { Search } from 'lucide-react';
import { useId } from 'react';
import { searchTexts } from '@/lib/i18n-search';
import type { Language } from '@/lib/language';
import { SEARCH_PATHS } from '@/lib/search-paths';

/**
 * The header's search box (issue 44): a plain GET form to the search page of
 * the language, so it works before and without JavaScript. On a narrow
 * screen, where the header has no room for it, a link to that page instead.
 */
export function SearchBox({ language, className }: { language: Language; className?: string }) {
  const texts = searchTexts(language);
  const id = useId();
  return (
    <div className={className}>
      <a
        href={SEARCH_PATHS[language]}
        className="inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-stone-200/70 sm:hidden"
      >
        <Search aria-hidden className="size-5" />
        <span className="sr-only">{texts.box}</span>
      </a>
      <form role="search" action={SEARCH_PATHS[language]} method="get" className="hidden items-center sm:flex">
        <label htmlFor={id} className="sr-only">
          {texts.box}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          maxLength={200}
          placeholder={texts.placeholder}
          className="h-9 w-32 rounded-l-md border border-stone-300 bg-white px-2 text-sm text-ink placeholder:text-stone-500 focus:w-48 w-40"
        />
        <button
          type="submit"
          aria-label={texts.box}
          className="inline-flex h-9 w-9 items-center justify-center rounded-r-md border border-l-0 border-stone-300 bg-white text-ink hover:bg-stone-100"
        >
          <Search aria-hidden className="size-4" />
        </button>
      </form>
    </div>
  );
}
