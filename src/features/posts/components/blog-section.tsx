import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { paths } from '@/lib/paths';
import { useFocusEffect } from '@/lib/use-focus-effect';
import { usePosts } from '../api/get-posts';
import { useCategoryParam, usePageParam } from '../hooks/use-category-param';
import { useErrorToast } from '../hooks/use-error-toast';
import { listingSearch } from '../lib/listing-params';
import { BlogEmpty } from './blog-empty';
import { CategoryFilter } from './category-filter';
import { ListingPager } from './listing-pager';
import { PostGrid, PostGridSkeleton } from './post-grid';

/**
 * The pages' posts in order, each once. A post that goes out while she reads
 * (a schedule's time, a publish) moves the others down a place, so the next
 * page begins with a card she already has, until the live refresh reads
 * every page again.
 */
function eachOnce<T extends { id: string }>(pages: { posts: T[] }[]): T[] {
  // A Map keeps each key where it first went in.
  return [...new Map(pages.flatMap((p) => p.posts).map((post) => [post.id, post])).values()];
}

/** Home page blog section (spec §2): title, category filter, cards, a page of 9 at a time. */
export function BlogSection({ language, title }: { language: Language; title: string }) {
  const texts = t(language).blog;
  const [category, setCategory] = useCategoryParam(language);
  const page = usePageParam();
  const listing = usePosts({ language, category, page });
  const { data, isPending, isError, errorUpdatedAt, refetch } = listing;
  useErrorToast(isError && !data ? errorUpdatedAt : 0, texts.listError);
  const grid = useRef<HTMLUListElement>(null);

  const posts = eachOnce(data?.pages ?? []);
  const lastPage = data?.pages.at(-1)?.page ?? page;

  // After appending, focus goes to the first new card, where reading goes on
  // (once React has rendered it).
  const focusAt = useRef<number | undefined>(undefined);
  useFocusEffect(() => {
    const first = focusAt.current;
    if (first === undefined || posts.length <= first) return;
    grid.current?.querySelectorAll('li')[first]?.querySelector<HTMLElement>('a')?.focus();
    focusAt.current = undefined;
  }, [posts.length]);
  const loadMore = () => {
    focusAt.current = posts.length;
    void listing.fetchNextPage();
  };

  return (
    <section id="blog" aria-labelledby="blog-title" className="border-t border-stone-200 bg-white/60 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-6">
        <div className="mb-10 flex flex-col gap-6">
          <h2 id="blog-title" className="font-serif text-4xl text-ink sm:text-5xl">
            {title}
          </h2>
          <CategoryFilter language={language} value={category} onChange={setCategory} />
        </div>
        {posts.length > 0 ? (
          <>
            <PostGrid ref={grid} posts={posts} language={language} />
            <ListingPager
              language={language}
              category={category}
              firstPage={page}
              lastPage={lastPage}
              hasMore={listing.hasNextPage}
              loading={listing.isFetchingNextPage}
              failed={listing.isFetchNextPageError}
              onLoadMore={loadMore}
            />
          </>
        ) : isPending ? (
          <PostGridSkeleton label={texts.loading} />
        ) : isError ? (
          <BlogEmpty message={texts.listError.description}>
            <Button variant="outline" onClick={() => void refetch()}>
              {texts.retry}
            </Button>
          </BlogEmpty>
        ) : page > 1 ? (
          <BlogEmpty message={texts.emptyPage}>
            <Button asChild variant="outline">
              <Link to={`${paths.home(language)}${listingSearch(category, 1)}#blog`}>{texts.firstPage}</Link>
            </Button>
          </BlogEmpty>
        ) : category !== 'all' ? (
          <BlogEmpty message={texts.emptyCategory}>
            <Button asChild variant="outline">
              <Link
                to={`${paths.home(language)}#blog`}
                onClick={(event) => {
                  event.preventDefault();
                  setCategory('all');
                }}
              >
                {texts.showAll}
              </Link>
            </Button>
          </BlogEmpty>
        ) : (
          <BlogEmpty message={texts.empty} />
        )}
      </div>
    </section>
  );
}
