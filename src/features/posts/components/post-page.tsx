import { useEffect, type ReactNode } from 'react';
import { HydrationBoundary } from '@/components/ui/hydration-boundary';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/lib/document-meta';
import { t } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/lib/language';
import { paths, postPath } from '@/lib/paths';
import { usePost, type PostLookup } from '../api/get-post';
import { useErrorToast } from '../hooks/use-error-toast';
import { PostArticle } from './post-article';
import { MovedPost } from './moved-post';
import { PostFooter } from './post-footer';
import { PostNotFound } from './post-not-found';
import { PostTopBar } from './post-top-bar';

/**
 * /pt/:slug, /en/:slug (and /post/:id, which moves to the post's address).
 * The page speaks the post's language; until the post is known (loading, not
 * found, failure) it speaks the site's default, Portuguese, which is also the
 * language of the spec's 'Post não encontrado'. `afterArticle` follows a
 * post that is shown at its own address, in its language (the newsletter's
 * form: issue 25; its view is counted there: issue 27).
 */
export function PostPage({ lookup, afterArticle }: { lookup: PostLookup; afterArticle?: (language: Language, postId: string) => ReactNode }) {
  const { data: post, isPending, isError, error, errorUpdatedAt } = usePost(lookup);
  // Reached by an old address: the post is shown at its own.
  const moved = post && ('id' in lookup || postPath(post) !== paths.post(lookup.language, lookup.slug));
  const language = post && isLanguage(post.language) ? post.language : DEFAULT_LANGUAGE;
  const texts = t(language).post;

  useErrorToast(isError ? errorUpdatedAt : 0, t(DEFAULT_LANGUAGE).post.loadError, () =>
    console.error('Error fetching post:', error),
  );
  useDocumentMeta(language, isPending ? texts.loading : (post?.title ?? texts.notFound));
  // A new page starts at the top (the router keeps the home page's scroll
  // otherwise); the route keys the page by its address, so once per page.
  useEffect(() => {
    document.scrollingElement?.scrollTo?.({ top: 0, behavior: 'instant' });
  }, []);

  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <SkipLink label={t(language).skipToContent} />
      <PostTopBar language={language} showBack={Boolean(post)} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {isPending ? (
          <Spinner label={texts.loading} className="py-32" />
        ) : moved ? (
          <MovedPost post={post} label={texts.loading} />
        ) : post ? (
          <>
            <HydrationBoundary>
              <PostArticle post={post} language={language} />
            </HydrationBoundary>
            {afterArticle && <HydrationBoundary>{afterArticle(language, post.id)}</HydrationBoundary>}
          </>
        ) : (
          <PostNotFound language={language} />
        )}
      </main>
      <HydrationBoundary>
        <PostFooter language={language} />
      </HydrationBoundary>
    </div>
  );
}
