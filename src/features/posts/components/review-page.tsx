import { HydrationBoundary } from '@/components/ui/hydration-boundary';
import { SkipLink } from '@/components/ui/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/lib/document-meta';
import { t } from '@/lib/i18n';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/language';
import { REVIEW_POLL_MS, useReviewPost } from '../api/get-review-post';
import { useErrorToast } from '../hooks/use-error-toast';
import { PostArticle } from './post-article';
import { PostFooter } from './post-footer';
import { PostNotFound } from './post-not-found';
import { PostTopBar } from './post-top-bar';

/**
 * /preview?token=… (issue 26): the post a review link leads to, rendered as
 * it will be published, under a banner in its language saying it is not.
 * It follows her saves (useReviewPost asks again while the tab is visible),
 * and a link that dies meanwhile (expired, revoked, post deleted) turns into
 * the same "Post não encontrado" as a wrong one: nothing tells the reasons
 * apart, or says whether the post exists.
 */
export function ReviewPage({ token }: { token: string }) {
  const { data: post, isPending, isError, error, errorUpdatedAt } = useReviewPost(token);
  const language = post && isLanguage(post.language) ? post.language : DEFAULT_LANGUAGE;
  const texts = t(language).post;

  useErrorToast(isError && !post ? errorUpdatedAt : 0, t(DEFAULT_LANGUAGE).post.loadError, () =>
    console.error('Error fetching the post under review:', error),
  );
  useDocumentMeta(language, isPending ? texts.loading : (post?.title ?? texts.notFound));

  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <SkipLink label={t(language).skipToContent} />
      <PostTopBar language={language} showBack={Boolean(post)} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {isPending ? (
          <Spinner label={texts.loading} className="py-32" />
        ) : post ? (
          <>
            <p className="border-b border-accent-200 bg-accent-50 px-6 py-3 text-center text-sm font-semibold uppercase tracking-wider text-accent-800">
              {texts.reviewBanner}
            </p>
            <HydrationBoundary>
              <PostArticle post={post} language={language} review={{ follow: REVIEW_POLL_MS }} />
            </HydrationBoundary>
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
