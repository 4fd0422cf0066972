import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { usePosts } from '../api/get-posts';
import { useCategoryParam } from '../hooks/use-category-param';
import { useErrorToast } from '../hooks/use-error-toast';
import { BlogEmpty } from './blog-empty';
import { CategoryFilter } from './category-filter';
import { PostGrid, PostGridSkeleton } from './post-grid';

/** Home page blog section (spec §2): title, category filter, cards. */
export function BlogSection({ language, title }: { language: Language; title: string }) {
  const texts = t(language).blog;
  const { data: posts, isPending, isError, errorUpdatedAt, refetch } = usePosts(language);
  const [category, setCategory] = useCategoryParam(language);
  useErrorToast(isError ? errorUpdatedAt : 0, texts.listError);

  const shown = category === 'all' ? posts : posts?.filter((post) => post.category === category);

  return (
    <section id="blog" aria-labelledby="blog-title" className="border-t border-stone-200 bg-white/60 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-6">
        <div className="mb-10 flex flex-col gap-6">
          <h2 id="blog-title" className="font-serif text-4xl text-ink sm:text-5xl">
            {title}
          </h2>
          <CategoryFilter language={language} value={category} onChange={setCategory} />
        </div>
        {isPending ? (
          <PostGridSkeleton label={texts.loading} />
        ) : isError ? (
          <BlogEmpty message={texts.listError.description}>
            <Button variant="outline" onClick={() => void refetch()}>
              {texts.retry}
            </Button>
          </BlogEmpty>
        ) : shown && shown.length > 0 ? (
          <PostGrid posts={shown} language={language} />
        ) : category !== 'all' ? (
          <BlogEmpty message={texts.emptyCategory}>
            <Button variant="outline" onClick={() => setCategory('all')}>
              {texts.showAll}
            </Button>
          </BlogEmpty>
        ) : (
          <BlogEmpty message={texts.empty} />
        )}
      </div>
    </section>
  );
}
