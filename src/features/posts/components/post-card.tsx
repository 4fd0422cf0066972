import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { postPath } from '@/lib/paths';
import type { PostSummary } from '../api/get-posts';
import { IMAGE_SIZES } from '../lib/responsive-image';
import { PostImage } from './post-image';
import { PostMeta } from './post-meta';
import { ShareButton } from './share-button';

export function PostCard({ post, language }: { post: PostSummary; language: Language }) {
  const titleId = `post-title-${post.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="group laid-out-near-screen flex w-full flex-col [--unseen-height:35rem] overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="aspect-[16/10] overflow-hidden bg-stone-100">
        <PostImage
          src={post.image_url}
          alt={post.image_alt?.trim() || post.title}
          sizes={IMAGE_SIZES.card}
          className="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        {post.category && <Badge className="self-start">{post.category}</Badge>}
        <PostMeta date={post.date} readTime={post.read_time} language={language} />
        <h3 id={titleId} className="font-serif text-2xl leading-snug text-ink">
          {post.title}
        </h3>
        {post.excerpt && <p className="line-clamp-3 leading-relaxed text-stone-700">{post.excerpt}</p>}
        <div className="mt-auto flex items-center justify-between pt-4">
          {/*
            A link (it opens a page) that reads 'Read More' per spec, and names its post for those who
            hear or list the links, and for search engines ("Read More" alone says nothing of where it goes).
          */}
          <Button asChild variant="link" className="px-0 text-accent-700 hover:text-accent-900">
            <Link to={postPath(post)}>
              {t(language).blog.readMore}
              <span className="sr-only">: {post.title}</span>
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <ShareButton post={post} language={language} />
        </div>
      </div>
    </article>
  );
}
