import { formatLongDate } from '@/lib/dates';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { useCorrections } from '../api/get-corrections';

/**
 * Issue 26: a published post's dated corrections at its end, oldest first,
 * "Correção (24 de novembro de 2026): …", dated as the post is. Nothing
 * while they are read, nor when there are none.
 */
export function PostCorrections({ postId, language, follow }: { postId: string; language: Language; follow?: number }) {
  const { data: corrections } = useCorrections(postId, follow);
  if (!corrections?.length) return null;
  const texts = t(language).post;
  return (
    <section aria-label={texts.corrections} className="mt-12 flex flex-col gap-3 border-t border-stone-200 pt-6 text-stone-700">
      {corrections.map((correction) => (
        <p key={correction.id} className="leading-relaxed">
          <strong className="font-semibold text-ink">{texts.correction(formatLongDate(correction.created_at, language))}</strong>{' '}
          {correction.note}
        </p>
      ))}
    </section>
  );
}
