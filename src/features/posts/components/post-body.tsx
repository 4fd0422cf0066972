import { useEffect, useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { keepServerMarkup, SERVER_MARKUP_ATTRIBUTE, serverMarkupFor } from '@/lib/server-markup';
import type { MarkdownOptions } from '../lib/markdown/markdown';
import { loadedMarkdown, loadMarkdown } from '../lib/markdown/renderer';

const BODY = 'mt-10 break-words font-serif text-lg leading-8 text-stone-800';
const MARKUP_NAME = 'post-body';
const marked = { [SERVER_MARKUP_ATTRIBUTE]: MARKUP_NAME };

// This module loads before a server-rendered post hydrates (main.tsx loads the
// page's route first): the post's text is still the server's HTML here. Loaded
// later, on a page that shows no post, it keeps nothing.
if (typeof document !== 'undefined') keepServerMarkup();

/**
 * A post's text as readers see it: formatted from its Markdown, or the
 * "content not available" note when there is none. The post page and the
 * editor's "Pré-visualizar" tab both show exactly this.
 *
 * A server-rendered post keeps the server's HTML of its text (issue 28): no
 * Markdown renderer is fetched or run while the page hydrates. Another text
 * (a live edit, a post reached by navigating, the editor) is formatted in
 * the browser once the renderer has loaded; until then a live edit leaves
 * the server's text on screen.
 */
export function PostBody({ content, language, imageAllowed }: { content: string | null; language: Language; imageAllowed?: MarkdownOptions['imageAllowed'] }) {
  const text = content?.trim() ? content : null;
  const server = text === null ? undefined : serverMarkupFor(MARKUP_NAME, text);
  const [firstServer] = useState(server);
  const render = useMarkdownRenderer(text !== null && server === undefined);
  const elements = useMemo(
    () => (render && text !== null && server === undefined ? render(text, { imageAllowed }) : null),
    [render, text, server, imageAllowed],
  );
  if (text === null) return <p className="mt-10 italic text-stone-600">{t(language).post.emptyContent}</p>;
  const keep = server ?? (render ? undefined : firstServer);
  if (keep !== undefined) return <div className={BODY} {...marked} dangerouslySetInnerHTML={{ __html: keep }} />;
  if (!render) return <div className={BODY} {...marked} aria-busy="true" />;
  return (
    <div className={BODY} {...marked}>
      {elements}
    </div>
  );
}

function useMarkdownRenderer(needed: boolean) {
  const [render, setRender] = useState(loadedMarkdown);
  useEffect(() => {
    if (needed && !render) void loadMarkdown().then((loaded) => setRender(() => loaded));
  }, [needed, render]);
  return render;
}
