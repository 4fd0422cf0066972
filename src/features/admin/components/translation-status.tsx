import { Badge } from '@/components/ui/badge';
import { adminText } from '@/lib/i18n-admin';
import { otherLanguage } from '@/lib/language';
import type { AdminPost } from '../api/get-admin-posts';
import { postLanguageOf } from '../lib/post-form-values';
import { translationStatus } from '../lib/translation-status';

/** The card's translation line (issue 13): the status, and the other version's title. */
export function TranslationStatusLine({ post }: { post: AdminPost }) {
  const t = adminText.translations;
  const status = translationStatus(post, post.translation);
  const other = t.languageName[otherLanguage(postLanguageOf(post))];
  const label = {
    none: t.none,
    translated: t.translated,
    outdated: t.outdated,
    behind: t.behind(other),
  }[status];
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
      <Badge
        variant="outline"
        className={status === 'outdated' || status === 'behind' ? 'border-amber-700 text-amber-900' : undefined}
      >
        {label}
      </Badge>
      {post.translation && (
        <span>
          {t.counterpart(other, post.translation.title)}
          {!post.translation.published && ` ${t.counterpartDraft}`}
        </span>
      )}
    </p>
  );
}
