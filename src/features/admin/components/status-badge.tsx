import { Badge } from '@/components/ui/badge';
import { adminText } from '@/lib/i18n-admin';

/** 'Publicado' or 'Rascunho'; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ published }: { published: boolean }) {
  return published ? (
    <Badge variant="solid" className="bg-emerald-800">
      {adminText.posts.published}
    </Badge>
  ) : (
    <Badge variant="outline">{adminText.posts.draft}</Badge>
  );
}
