import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { Markdown } from '../lib/markdown/markdown';

/**
 * A post's text as readers see it: formatted from its Markdown, or the
 * "content not available" note when there is none. The post page and the
 * editor's "Pré-visualizar" tab both show exactly this.
 */
export function PostBody({ content, language }: { content: string | null; language: Language }) {
  if (!content?.trim()) return <p className="mt-10 italic text-stone-600">{t(language).post.emptyContent}</p>;
  return (
    <div className="mt-10 break-words font-serif text-lg leading-8 text-stone-800">
      <Markdown text={content} />
    </div>
  );
}
