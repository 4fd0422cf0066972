import { Clock, Languages, Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PostStatsButton } from '@/features/stats/components/post-stats-button';
import { adminText } from '@/lib/i18n-admin';
import { otherLanguage } from '@/lib/language';
import type { AdminPost, BlogPost } from '../api/get-admin-posts';
import { formatAdminDate } from '../lib/format-admin-date';
import { useRenderAfter } from '../hooks/use-render-after';
import { postLanguageOf } from '../lib/post-form-values';
import { postStatus } from '../lib/post-status';
import { DeletePostButton } from './delete-post-button';
import { StatusBadge } from './status-badge';
import { TranslationStatusLine } from './translation-status';

interface Props {
  post: AdminPost;
  onEdit: (post: BlogPost) => void;
  /** "Traduzir": a new post in the other language, linked to this one. */
  onTranslate: (post: AdminPost) => void;
}

/**
 * One post in the admin list (spec §2): title, badges (a scheduled post's
 * says when it goes out, issue 23), read time, pt-BR date, excerpt, actions;
 * and its translation's status, with "Traduzir" when it has none (issue 13);
 * once published, "Ver estatísticas" (issue 27: a scheduled post has none yet).
 */
export function PostCard({ post, onEdit, onTranslate }: Props) {
  const t = adminText.posts;
  const tr = adminText.translations;
  const target = tr.languageName[otherLanguage(postLanguageOf(post))];
  // A scheduled post's card turns into a published one's at its minute (or at any render
  // after it); its badge says its date and time, which the short date would only repeat.
  useRenderAfter(post.published ? Date.parse(post.date) || null : null);
  const status = postStatus(post);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-2">
          <CardTitle>{post.title}</CardTitle>
          <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
            {post.category && <Badge>{post.category}</Badge>}
            <StatusBadge status={status} date={post.date} />
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden className="h-3.5 w-3.5" />
              {t.readTime(post.read_time)}
            </span>
            {status !== 'scheduled' && <time dateTime={post.date}>{formatAdminDate(post.date)}</time>}
          </div>
          <TranslationStatusLine post={post} />
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          {status === 'published' && <PostStatsButton post={post} />}
          {!post.translation && (
            <Button variant="outline" aria-label={tr.translateLabel(post.title, target)} onClick={() => onTranslate(post)}>
              <Languages aria-hidden />
              {tr.translate}
            </Button>
          )}
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
