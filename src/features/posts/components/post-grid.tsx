import type { Ref } from 'react';
import type { Language } from '@/lib/language';
import type { PostSummary } from '../api/get-posts';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

const GRID = 'grid gap-8 sm:grid-cols-2 lg:grid-cols-3';

export function PostGrid({ posts, language, ref }: { posts: PostSummary[]; language: Language; ref?: Ref<HTMLUListElement> }) {
  return (
    <ul ref={ref} className={GRID}>
      {posts.map((post) => (
        <li key={post.id} className="flex">
          <PostCard post={post} language={language} />
        </li>
      ))}
    </ul>
  );
}

/** Spec §2: skeleton placeholders while the list loads (one row of the grid). */
export function PostGridSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className={GRID}>
      {[0, 1, 2].map((i) => (
        <PostCardSkeleton key={i} />
      ))}
    </div>
  );
}
