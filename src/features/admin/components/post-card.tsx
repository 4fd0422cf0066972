import { Clock, Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { adminText } from '@/lib/i18n-admin';
import type { BlogPost } from '../api/get-admin-posts';
import { formatAdminDate } from '../lib/format-admin-date';
import { DeletePostButton } from './delete-post-button';
import { StatusBadge } from './status-badge';

/** One post in the admin list (spec §2): title, badges, read time, pt-BR date, excerpt, actions. */
export function PostCard({ post, onEdit }: { post: BlogPost; onEdit: (post: BlogPost) => void }) {
  const t = adminText.posts;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-2">
          <CardTitle>{post.title}</CardTitle>
          <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
            {post.category && <Badge>{post.category}</Badge>}
            <StatusBadge published={post.published} />
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="h-3.5 w-3.5" />
              {t.readTime(post.read_time)}
            </span>
            <time dateTime={post.date}>{formatAdminDate(post.date)}</time>
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="icon" aria-label={t.edit(post.title)} onClick={() => onEdit(post)}>
            <Pencil aria-hidden />
          </Button>
          <DeletePostButton post={post} />
        </div>
      </CardHeader>
      {post.excerpt && (
        <CardContent>
          <p className="text-sm text-stone-700">{post.excerpt}</p>
        </CardContent>
      )}
    </Card>
  );
}
