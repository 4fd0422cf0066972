import { Badge } from '@/components/ui/badge';
import { adminText } from '@/lib/i18n-admin';
import type { PostStatus } from '../lib/post-status';
import { formatScheduledTime } from '../lib/site-time';

/**
 * 'Publicado', 'Rascunho' or 'Agendado para 25 de novembro de 2026, 08:00'
 * (Brasília time); the words carry the meaning, the colour only repeats it.
 */
export function StatusBadge({ status, date }: { status: PostStatus; date: string }) {
  const t = adminText.posts;
  if (status === 'draft') return <Badge variant="outline">{t.draft}</Badge>;
  if (status === 'published') {
    return (
      <Badge variant="solid" className="bg-emerald-800">
        {t.published}
      </Badge>
    );
  }
  return (
    <Badge variant="solid" className="bg-sky-900 normal-case tracking-normal">
      <time dateTime={date}>{t.scheduledFor(formatScheduledTime(date))}</time>
    </Badge>
  );
}
