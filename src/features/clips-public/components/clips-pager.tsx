import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { clipsText } from '@/lib/i18n-clips';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { clipsSearch, type ClipsView } from '../lib/clips-params';

const LINK = 'inline-flex items-center gap-2 rounded-md border border-stone-400 px-6 py-3 font-semibold text-ink hover:border-ink hover:bg-white';

/** Newer / older pages as plain links (?pagina=N / ?page=N), keeping the filters. */
export function ClipsPager({ language, view, hasMore }: { language: Language; view: ClipsView; hasMore: boolean }) {
  const texts = clipsText(language);
  if (!hasMore && view.page === 1) return null;
  const href = (page: number) => paths.clips(language) + clipsSearch(language, { ...view, page });
  return (
    <nav aria-label={texts.pagesLabel} className="mt-12 flex flex-wrap items-center justify-center gap-4">
      {view.page > 1 && (
        <Link to={href(view.page - 1)} rel="prev" className={LINK}>
          <ArrowLeft aria-hidden className="size-4" />
          {texts.newer}
        </Link>
      )}
      {hasMore && (
        <Link to={href(view.page + 1)} rel="next" className={LINK}>
          {texts.older}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      )}
    </nav>
  );
}
