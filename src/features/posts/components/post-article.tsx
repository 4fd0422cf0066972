import { Badge } from '@/components/ui/badge';
import { formatLongDate } from '@/lib/dates';
import { FIRST_SCREEN } from '@/lib/first-screen';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import type { Post } from '../api/get-posts';
import { IMAGE_SIZES } from '../lib/responsive-image';
import { PostBody } from './post-body';
import { PostCorrections } from './post-corrections';
import { PostImage } from './post-image';
import { TranslationLink } from './translation-link';

/**
 * Spec §2: image, category, title, long date, read time, excerpt, and the
 * content, formatted from its Markdown (issue 12; a plain-text post keeps its
 * paragraphs and line breaks); and the link to its translation. Issue 26:
 * "Atualizado em …" when its text changed after publication, and its
 * corrections at the end.
 *
 * `review`: the post read through a review link, shown as it will be
 * published, without the link to its translation (that leads away from the
 * text under review, to another page), and asking for its corrections again
 * every `review.follow` ms, as the review page does for the post.
 */
export function PostArticle({ post, language, review }: { post: Post; language: Language; review?: { follow: number } }) {
  const texts = t(language).post;
  return (
    <article className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      {post.image_url && (
        <div className="mb-10 aspect-[16/9] overflow-hidden rounded-lg bg-stone-100">
          <PostImage src={post.image_url} alt={post.image_alt?.trim() || post.title} sizes={IMAGE_SIZES.article} eager />
        </div>
      )}
      <div className="flex flex-col gap-5">
        {post.category && <Badge className="self-start">{post.category}</Badge>}
        <h1 id={FIRST_SCREEN.post} className="font-serif text-4xl leading-tight text-ink sm:text-5xl">
          {post.title}
        </h1>
        <p className="flex flex-wrap gap-x-2 text-stone-600">
          <time dateTime={post.date}>{formatLongDate(post.date, language)}</time>
          <span aria-hidden>·</span>
          <span>{`${post.read_time} ${texts.readTimeSuffix}`}</span>
          {post.revised_at && (
            <>
              <span aria-hidden>·</span>
              <time dateTime={post.revised_at}>{texts.updated(formatLongDate(post.revised_at, language))}</time>
            </>
          )}
        </p>
        {!review && <TranslationLink post={post} />}
      </div>
      {post.excerpt?.trim() && (
        <p className="mt-10 border-l-4 border-accent-700 pl-6 font-serif text-xl italic leading-relaxed text-stone-700">
          {post.excerpt}
        </p>
      )}
      <PostBody content={post.content} language={language} />
      <PostCorrections postId={post.id} language={language} follow={review?.follow} />
    </article>
  );
}
