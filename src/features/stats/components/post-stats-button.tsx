import { ChartLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LoadingSpinner } from '@/features/admin/components/loading-spinner';
import { formatAdminDate } from '@/features/admin/lib/format-admin-date';
import { adminText } from '@/lib/i18n-admin';

// Loaded when she opens it: the chart library stays out of the posts list's code.
const PostStats = lazy(() => import('./post-stats'));

interface Props {
  post: { id: string; title: string; date: string };
}

/**
 * "Ver estatísticas" on a published post's card: a dialog with the post's
 * views and visitors per day since its publication, where its readers came
 * from and on which device. Closing it returns the focus to this button.
 */
export function PostStatsButton({ post }: Props) {
  const t = adminText.stats;
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={t.postButtonLabel(post.title)}>
          <ChartLine aria-hidden />
          {t.postButton}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={adminText.common.close} className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t.postTitle(post.title)}</DialogTitle>
          <DialogDescription>{t.postSince(formatAdminDate(post.date))}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<LoadingSpinner />}>
          <PostStats postId={post.id} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
