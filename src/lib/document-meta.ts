import { useLayoutEffect } from 'react';
import { LOCALE, type Language } from './language';

/**
 * Keeps <html lang> and the document title in step with the page shown, so
 * screen readers pronounce the text in the right language (WCAG 3.1.1).
 * We use the BCP 47 tags of LOCALE ('pt-BR', 'en-US') everywhere. Layout
 * effects: the language and title change in the commit that shows the new
 * text, never a moment after it.
 */
export function useDocumentMeta(language: Language, title: string | undefined, description?: string) {
  useLayoutEffect(() => {
    document.documentElement.lang = LOCALE[language];
  }, [language]);
  useLayoutEffect(() => {
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
  useLayoutEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
