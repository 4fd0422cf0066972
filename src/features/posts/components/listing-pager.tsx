import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { listingSearch, type CategoryChoice } from '../lib/listing-params';

interface Props {
  language: Language;
  category: CategoryChoice;
  /** The first and last pages on screen. */
  firstPage: number;
  lastPage: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
}

const LINK = 'inline-flex items-center gap-2 rounded-md px-6 py-3 font-semibold';

/**
 * Below the cards: 'Carregar mais' / 'Load more', a real link to the next
 * page (?page=N, keeping the category), which crawlers and readers without
 * JavaScript follow, and which the app turns into "append the next 9 here";
 * and, past page 1, a link back to the newest posts (issue 11).
 */
export function ListingPager({ language, category, firstPage, lastPage, hasMore, loading, failed, onLoadMore }: Props) {
  const texts = t(language).blog;
  const href = (page: number) => `${paths.home(language)}${listingSearch(category, page)}#blog`;
  const loadMore = (event: MouseEvent) => {
    event.preventDefault();
    if (!loading) onLoadMore();
  };
  if (!hasMore && firstPage === 1) return null;
  return (
    <nav aria-label={texts.pagesLabel} className="mt-12 flex flex-col items-center gap-4">
      {failed && (
        <p role="alert" className="text-stone-700">
          {texts.loadMoreFailed}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-center gap-4">
        {firstPage > 1 && (
          <Link to={href(firstPage - 1)} className={cn(LINK, 'border border-stone-400 text-ink hover:border-ink hover:bg-white')}>
            <ArrowLeft aria-hidden className="size-4" />
            {texts.newer}
          </Link>
        )}
        {hasMore && (
          <Link
            to={href(lastPage + 1)}
            onClick={loadMore}
            aria-disabled={loading || undefined}
            className={cn(LINK, 'bg-ink text-white hover:bg-stone-700', loading && 'cursor-progress opacity-80')}
          >
            {loading ? texts.loadingMore : texts.loadMore}
            {!loading && <ArrowRight aria-hidden className="size-4" />}
          </Link>
        )}
      </div>
    </nav>
  );
}
