import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { adminText } from '@/lib/i18n-admin';
import type { Language } from '@/lib/language';
import { useAdminPosts, type AdminPost, type BlogPost } from '../api/get-admin-posts';
import type { StatusFilter } from '../lib/post-status';
import { LoadingSpinner } from './loading-spinner';
import { PostList } from './post-list';

interface Props {
  language: Language;
  search: string;
  status: StatusFilter;
  /** The language's count (of that status), for "20 de 2007". */
  total: number | undefined;
  onEdit: (post: BlogPost) => void;
  onTranslate: (post: AdminPost) => void;
}

/** One language's posts, a page of 20 at a time ("Carregar mais"), optionally only matching titles or of one status. */
export function AdminPostList({ language, search, status, total, onEdit, onTranslate }: Props) {
  const t = adminText.posts;
  const list = useAdminPosts({ language, search, status });

  useEffect(() => {
    if (list.isError) {
      toast({ title: adminText.toast.postsLoadError, description: adminText.toast.postsLoadErrorDescription, variant: 'destructive' });
    }
  }, [list.isError, list.errorUpdatedAt]);

  if (list.isPending) return <LoadingSpinner />;
  const posts = list.data?.pages.flatMap((p) => p.posts) ?? [];
  if (posts.length === 0 && search.trim()) return <p className="py-8 text-center text-stone-600">{t.noMatch(search.trim())}</p>;
  if (posts.length === 0 && status !== 'all') return <p className="py-8 text-center text-stone-600">{t.emptyOfStatus[status]}</p>;

  return (
    <div className="grid gap-4">
      <PostList posts={posts} onEdit={onEdit} onTranslate={onTranslate} />
      {list.hasNextPage && (
        <div className="flex flex-col items-center gap-2 pt-2">
          {!search.trim() && total !== undefined && <p className="text-sm text-stone-600">{t.shown(posts.length, total)}</p>}
          <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t.loadingMore : t.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
